"""No view hands a string made of values to something that reads it as markup. Rich reads a plain
string in a table cell, a column header, a group or `Console.print` as markup, and Textual does
the same with the string of a Static, a Label, a Button, an option, a tab, a DataTable cell and a
notice: `[nan nan]`, `x[idx]` and `[bold]` in a learner's value, JAX's message or a file name
vanish or restyle the text. Such a string must reach them as `terminal_text.literal(...)` (a
Rich Text), or the call must say `markup=False`.

Read from the syntax trees of tutor/app and tutor/cli. A string is "made of values" when it is an
f-string with fields, `str()`/`repr()`/`format()`, a call of a function of tutor/ declared to
return `str` (a catalog word `t(...)` only when a value is put into it), a join, a `+` or `%` with
a value, or a local name bound to one of these. The running counterpart, which hands every view
bracketed text and watches the markup parsers, is tests/app/test_literal_text.py."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VIEWS = sorted([*(ROOT / "tutor" / "app").glob("*.py"), *(ROOT / "tutor" / "cli").glob("*.py")])

# callees that read a plain string as markup (Rich's and Textual's)
SINKS = {
    "add_row",
    "add_column",
    "add_columns",
    "Group",
    "Panel",
    "Columns",
    "Static",
    "Label",
    "Button",
    "Option",
    "TabPane",
    "Tab",
    "Collapsible",
    "notify",
}
MARKUP_WIDGETS = {"Static", "Label", "Button"}  # whose `update` reads a string as markup
TEXT_KEYWORDS = {"label", "prompt", "content", "renderable", "message", "title", "header"}
STR_METHODS = {"join", "format", "replace", "strip", "rstrip", "lstrip", "upper", "lower"}


@functools.cache  # read when a test runs, not in every process that collects the tests
def _str_functions() -> set[str]:
    """Names of the functions of tutor/ declared to return str, and the builtins that make one."""
    names = set()
    for path in (ROOT / "tutor").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns:
                if ast.unparse(node.returns) in ("str", "'str'"):
                    names.add(node.name)
    return names | {"str", "repr", "format"}


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


class Scope:
    """What a function binds its local names to (the last binding read), and which parameters
    are declared str."""

    def __init__(self, fn: ast.AST | None):
        self.bound: dict[str, list[ast.expr]] = {}
        if fn is None:
            return
        args = getattr(fn, "args", None)
        for arg in [*args.args, *args.kwonlyargs] if args else []:
            if arg.annotation is not None and ast.unparse(arg.annotation).startswith("str"):
                self.bound.setdefault(arg.arg, []).append(ast.Constant(value=...))
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        self.bound.setdefault(target.id, []).append(node.value)

    def valued(self, expr: ast.expr | None, seen: frozenset = frozenset()) -> bool:
        """Whether `expr` is a string made of values."""
        if expr is None:
            return False
        if isinstance(expr, ast.Constant):
            return expr.value is ...  # a parameter declared str
        if isinstance(expr, ast.JoinedStr):
            return any(isinstance(v, ast.FormattedValue) for v in expr.values)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Mod)):
            sides = (expr.left, expr.right)
            text = any(isinstance(s, ast.Constant) and isinstance(s.value, str) for s in sides)
            return any(self.valued(s, seen) for s in sides) or (
                text
                and not all(isinstance(s, ast.Constant) for s in sides)
                and not self._words(sides)
            )
        if isinstance(expr, ast.IfExp):
            return self.valued(expr.body, seen) or self.valued(expr.orelse, seen)
        if isinstance(expr, ast.Starred):
            return self.valued(expr.value, seen)
        if isinstance(expr, (ast.GeneratorExp, ast.ListComp)):
            return self.valued(expr.elt, seen)
        if isinstance(expr, ast.Call):
            name = _name(expr.func)
            if name == "t":
                return any(self._value_in_words(k.value, seen) for k in expr.keywords)
            if isinstance(expr.func, ast.Attribute) and name in STR_METHODS:
                return True
            return name in _str_functions()
        if isinstance(expr, ast.Name) and expr.id not in seen:
            return any(self.valued(v, seen | {expr.id}) for v in self.bound.get(expr.id, []))
        return False

    def _words(self, sides) -> bool:
        """`"…" + t("key")`: our own words on both sides."""
        return all(
            isinstance(s, ast.Constant) or (isinstance(s, ast.Call) and _name(s.func) == "t")
            for s in sides
        ) and not any(self.valued(s) for s in sides)

    def _value_in_words(self, value: ast.expr, seen) -> bool:
        if isinstance(value, ast.Constant):
            return False
        if isinstance(value, ast.Call) and _name(value.func) == "t":
            return self.valued(value, seen)
        if isinstance(value, ast.IfExp):
            return self._value_in_words(value.body, seen) or self._value_in_words(
                value.orelse, seen
            )
        return True

    def markup_widget(self, receiver: ast.expr, seen: frozenset = frozenset()) -> bool:
        """Whether `receiver` is a Static, Label or Button (`query_one(…, Static)`, or a name
        bound to one)."""
        if isinstance(receiver, ast.Call) and _name(receiver.func) == "query_one":
            return any(_name(a) in MARKUP_WIDGETS for a in receiver.args[1:])
        if isinstance(receiver, ast.Call) and _name(receiver.func) in MARKUP_WIDGETS:
            return True
        if isinstance(receiver, ast.Name) and receiver.id not in seen:
            return any(
                self.markup_widget(v, seen | {receiver.id}) for v in self.bound.get(receiver.id, [])
            )
        return False


def _functions(tree: ast.Module):
    """Each function of a module with its calls (a call inside a nested function belongs to it)."""
    owner: dict[ast.AST, ast.AST | None] = {}

    def visit(node, fn):
        for child in ast.iter_child_nodes(node):
            owner[child] = fn
            visit(
                child, child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else fn
            )

    visit(tree, None)
    return owner


def markup_problems(source: str, where: str) -> list[str]:
    """Every place of `source` where a string made of values reaches markup."""
    tree = ast.parse(source)
    owner = _functions(tree)
    scopes: dict[ast.AST | None, Scope] = {}
    problems = []
    for node in ast.walk(tree):
        at = f"{where}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Attribute) and node.attr == "from_markup":
            problems.append(f"{at}: from_markup")
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            module = getattr(node, "module", None) or ""
            names = [module] + [a.name for a in node.names]
            if any(n.endswith(("rich.markup", "textual.markup")) for n in names) or (
                module in ("rich", "textual") and any(a.name == "markup" for a in node.names)
            ):
                problems.append(f"{at}: imports a markup parser")
        if not isinstance(node, ast.Call):
            continue
        keywords = {k.arg: k.value for k in node.keywords}
        markup = keywords.get("markup")
        if isinstance(markup, ast.Constant) and markup.value is True:
            problems.append(f"{at}: markup=True")
        off = isinstance(markup, ast.Constant) and markup.value is False
        name = _name(node.func)
        if name == "notify" and not off:
            problems.append(f"{at}: notify without markup=False")
            continue
        scope = scopes.setdefault(owner.get(node), Scope(owner.get(node)))
        sink = name in SINKS and (name != "print" or isinstance(node.func, ast.Attribute))
        if name == "update" and isinstance(node.func, ast.Attribute):
            sink = scope.markup_widget(node.func.value)
        if name == "print" and isinstance(node.func, ast.Attribute):
            sink = True
        if not sink or off:
            continue
        texts = [*node.args, *(v for k, v in keywords.items() if k in TEXT_KEYWORDS)]
        for arg in texts:
            if scope.valued(arg):
                problems.append(f"{at}: {name}({ast.unparse(arg)[:60]}) is markup made of values")
    return problems


def test_no_view_hands_a_string_made_of_values_to_markup():
    problems = []
    for path in VIEWS:
        problems += markup_problems(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert problems == []


def test_the_rule_catches_the_ways_values_reached_markup():
    """What the diff view did (a measured fact's value in a grid cell), and its kin."""
    caught = [
        "def f(grid, k, v):\n    grid.add_row(str(k), fmt(v) if v is not None else '-')",
        "def f(table, e):\n    table.add_row(f'{e}')",
        "def f(self, e):\n    self.notify(str(e))",
        "def f(self):\n    self.notify(t('app.x'))",
        "def f(self, e):\n    self.query_one('#x', Static).update(t('app.y', reason=e))",
        "def f(self, name: str):\n    out = self.query_one('#x', Static)\n    out.update(name)",
        "def f(c, msg):\n    line = 'x: ' + msg\n    c.print(line)",
        "def f(names):\n    return Group(', '.join(names))",
        "def f(x):\n    return Text.from_markup(x)",
        "def f(x):\n    return Static(x, markup=True)",
        "from rich.markup import escape",
    ]
    fine = [
        "def f(grid, k, v):\n    grid.add_row(literal(k), literal(fmt(v)))",
        "def f(table):\n    table.add_column(t('app.diff.expected'))",
        "def f(self, e):\n    self.notify(str(e), markup=False)",
        "def f(self, name: str):\n    Static(name, markup=False)",
        "def f(self, e):\n    self.query_one('#x', Markdown).update(e.text)",
        "def f(x):\n    return Group(Text(x))",
    ]
    for source in caught:
        assert markup_problems(source, "x"), source
    for source in fine:
        assert not markup_problems(source, "x"), source
