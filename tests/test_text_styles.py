"""Architecture §7: a colour never goes in a Text's own style text. Textual reads the own style
of a Text handed to a widget through its own style syntax, where a colour name is a fixed CSS
colour ("yellow" is #FFFF00, illegible on the light theme), while the colours of spans and of
Style objects are terminal colours that the app draws from its theme's legible palette
(tutor/app/legible.py; tests/app/test_contrast.py shows the difference on the screen). Style
text of attributes only (bold, dim, italic, reverse …) reads the same either way. The scan
reads the syntax trees of tutor/app: every `Text(…, style=…)` (and Text.assemble, from_markup,
styled) whose style is text holding a colour, or text nobody can read before it runs (a `str`
parameter), is reported."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ATTRIBUTES = {
    "bold", "b", "dim", "d", "italic", "i", "underline", "u", "underline2", "uu", "reverse", "r",
    "strike", "s", "blink", "blink2", "conceal", "c", "overline", "o", "frame", "encircle",
    "not", "none",
}  # fmt: skip
UNKNOWN = object()  # a style text whose words are known only when the code runs
TEXT_METHODS = {"assemble": None, "from_markup": None, "from_ansi": None, "styled": 1}


def own_style(call: ast.Call) -> ast.expr | None:
    """The own style argument of a Text construction, if `call` is one."""
    f = call.func
    if isinstance(f, ast.Name) and f.id == "Text":
        position: int | None = 1
    elif isinstance(f, ast.Attribute) and getattr(f.value, "id", None) == "Text":
        if f.attr not in TEXT_METHODS:
            return None
        position = TEXT_METHODS[f.attr]
    else:
        return None
    for keyword in call.keywords:
        if keyword.arg == "style":
            return keyword.value
    if position is not None and len(call.args) > position:
        return call.args[position]
    return None


class Names:
    """What a name may hold in a module: every value assigned to it, and whether it is a
    parameter typed (or defaulted) as str."""

    def __init__(self, tree: ast.AST):
        self.values: dict[str, list[ast.expr]] = {}
        self.str_params: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        self.values.setdefault(target.id, []).append(node.value)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                if node.value is not None:
                    self.values.setdefault(node.target.id, []).append(node.value)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                args = node.args
                positional = [*args.posonlyargs, *args.args]
                defaults = dict(zip(positional[::-1], args.defaults[::-1], strict=False))
                defaults.update(
                    (a, d)
                    for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True)
                    if d is not None
                )
                for arg in [*positional, *args.kwonlyargs]:
                    default = defaults.get(arg)
                    typed = isinstance(arg.annotation, ast.Name) and arg.annotation.id == "str"
                    defaulted = isinstance(default, ast.Constant) and isinstance(default.value, str)
                    if typed or defaulted:
                        self.str_params.add(arg.arg)

    def texts(self, node: ast.expr, seen: frozenset[str] = frozenset()) -> list:
        """The style texts `node` may be (UNKNOWN for text read only at run time); a call or a
        Style object gives none."""
        if isinstance(node, ast.Constant):
            return [node.value] if isinstance(node.value, str) else []
        if isinstance(node, ast.JoinedStr):
            return [UNKNOWN]
        if isinstance(node, ast.IfExp):
            return self.texts(node.body, seen) + self.texts(node.orelse, seen)
        if isinstance(node, ast.BoolOp):
            return [text for value in node.values for text in self.texts(value, seen)]
        if isinstance(node, ast.BinOp):
            return [UNKNOWN]
        if isinstance(node, ast.Name) and node.id not in seen:
            found = [
                text
                for value in self.values.get(node.id, [])
                for text in self.texts(value, seen | {node.id})
            ]
            return found + ([UNKNOWN] if node.id in self.str_params else [])
        return []


def has_colour(text) -> bool:
    return text is UNKNOWN or bool(set(re.findall(r"[\w#.()]+", text.lower())) - ATTRIBUTES)


def coloured_own_styles(source: str) -> list[tuple[int, str]]:
    """(line, code) of each Text whose own style text may hold a colour."""
    tree = ast.parse(source)
    names = Names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (style := own_style(node)) is not None:
            if any(has_colour(text) for text in names.texts(style)):
                found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def test_the_scan_finds_a_colour_in_a_texts_own_style():
    source = """
BAD = "bold red"
OK = "bold"
def f(words, style: str = "dim", theirs=None):
    a = Text(words, style="yellow")
    b = Text(words, "bold")
    c = Text().append(words, style="yellow")
    d = Text(words, style=BAD if words else "")
    e = Text(words, style=OK)
    g = Text(words, style=style)
    h = Text(words, style=progress.style("passed"))
    k = Text(words, style=Style.parse("red"))
    m = Text.assemble(("x", "red"), style="dim")
    n = Text.styled(words, "cyan")
    p = Text(words, style=theirs)
    q = Text(words, style=f"bold {words}")
"""
    assert [line for line, _ in coloured_own_styles(source)] == [5, 8, 10, 14, 16]


def test_no_text_of_the_app_has_a_colour_in_its_own_style_text():
    files = sorted((ROOT / "tutor" / "app").glob("*.py"))
    assert len(files) > 40
    found = [
        f"{path.relative_to(ROOT)}:{line}: {code}"
        for path in files
        for line, code in coloured_own_styles(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "\n".join(found)
