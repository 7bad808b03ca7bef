"""What tests/test_gate_rules.py checks in every test of the tool gate (docs/architecture.md §8):
no fixed wait (a literal time.sleep / asyncio.sleep / pilot.pause outside a loop that ends on a
condition), no assert on a difference of clock readings, no private name of the project's own
code (one that tutor/ defines) used from a test, and Textual's and rich's private names read in
one module only (tests/app/screentext.py). All are read from the source's syntax
tree, so a comment or a string (a learner's code in a test) is never taken for a call."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

CLOCKS = {
    "monotonic",
    "monotonic_ns",
    "perf_counter",
    "perf_counter_ns",
    "process_time",
    "thread_time",
    "time",
    "time_ns",
}
SLEEPS = {"sleep", "pause"}  # time.sleep, asyncio.sleep, sleep, pilot.pause
# the course gate, and learner-facing code kept as data (ruff's extend-exclude)
OUTSIDE = (
    "tests/proof",
    "tests/golden/inputs",
    "tests/fixtures",
    "tests/right_answers",
)
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
LOOPS = (ast.While, ast.For, ast.AsyncFor)


def tool_gate_files(root: Path) -> list[Path]:
    return sorted(
        p
        for p in (root / "tests").rglob("*.py")
        if not str(p.relative_to(root)).startswith(OUTSIDE)
    )


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _is_clock(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call) or _name(node.func) not in CLOCKS:
        return False
    func = node.func
    # time.time() or time() (imported); not e.g. loop.time() of an event loop
    return isinstance(func, ast.Name) or (
        isinstance(func.value, ast.Name) and func.value.id == "time"  # type: ignore[attr-defined]
    )


def _root(node: ast.AST) -> str | None:
    while isinstance(node, ast.Subscript | ast.Attribute | ast.Starred):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


class _Clocks:
    """The names of a file that hold clock readings (assigned one, or appended one: a list of
    start times) and those that hold durations (assigned a difference of readings)."""

    def __init__(self, tree: ast.AST):
        self.readings: set[str] = set()
        self.durations: set[str] = set()
        assignments = [
            ({n for t in targets for n in self._targets(t)}, value)
            for node in ast.walk(tree)
            for targets, value in self._assignments(node)
        ]
        for _ in range(4):  # a reading passed on through a few names
            for names, value in assignments:
                if self.is_duration(value):
                    self.durations |= names
                if self.has_reading(value):
                    self.readings |= names

    @staticmethod
    def _assignments(node: ast.AST):
        if isinstance(node, ast.Assign):
            yield node.targets, node.value
        elif isinstance(node, ast.AnnAssign | ast.AugAssign) and node.value is not None:
            yield [node.target], node.value
        elif isinstance(node, ast.NamedExpr):
            yield [node.target], node.value
        elif isinstance(node, ast.comprehension):
            yield [node.target], node.iter
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("append", "extend", "add")
        ):
            for arg in node.args:
                yield [node.func.value], arg

    @staticmethod
    def _targets(target: ast.AST) -> set[str]:
        if isinstance(target, ast.Tuple | ast.List):
            return {n for elt in target.elts for n in _Clocks._targets(elt)}
        root = _root(target)
        return {root} if root else set()

    def has_reading(self, node: ast.AST) -> bool:
        return any(
            _is_clock(n) or (isinstance(n, ast.Name) and n.id in self.readings)
            for n in ast.walk(node)
        )

    def is_duration(self, node: ast.AST) -> bool:
        return any(
            (
                isinstance(n, ast.BinOp)
                and isinstance(n.op, ast.Sub)
                and (self.has_reading(n.left) or self.has_reading(n.right))
            )
            or (isinstance(n, ast.Name) and n.id in self.durations)
            for n in ast.walk(node)
        )

    def only_clocks(self, node: ast.AST) -> bool:
        """A test made of clock readings and numbers only: a deadline, not a condition."""
        names = [n for n in ast.walk(node) if isinstance(n, ast.Name)]
        calls = [n for n in ast.walk(node) if isinstance(n, ast.Call)]
        return all(n.id in self.readings or n.id == "time" for n in names) and all(
            _is_clock(c) for c in calls
        )


def _number(node: ast.AST, constants: dict[str, float]) -> bool:
    """A numeric literal, a sum or quotient of them, or a module constant bound to one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, int | float) and not isinstance(node.value, bool)
    if isinstance(node, ast.UnaryOp):
        return _number(node.operand, constants)
    if isinstance(node, ast.BinOp):
        return _number(node.left, constants) and _number(node.right, constants)
    return isinstance(node, ast.Name) and node.id in constants


def _module_constants(tree: ast.Module) -> dict[str, float]:
    found: dict[str, float] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and _number(node.value, found):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = 0.0
    return found


def _exits_on_a_condition(loop: ast.AST, clocks: _Clocks) -> bool:
    if isinstance(loop, ast.While) and not clocks.only_clocks(loop.test):
        return True  # `while True:` and `while <before a deadline>:` need an exit in their body
    return any(_conditional_exit(node, loop, clocks) for node in ast.walk(loop))


def _conditional_exit(node: ast.AST, loop: ast.AST, clocks: _Clocks) -> bool:
    """`if <condition>: break / return / raise` inside `loop` (a break of an inner loop, or code
    of a function defined in the loop, does not end it)."""
    if not isinstance(node, ast.If) or clocks.only_clocks(node.test):
        return False
    for inner in ast.walk(node):
        if isinstance(inner, ast.Return | ast.Raise):
            return True
        if isinstance(inner, ast.Break) and _nearest(inner, loop) is loop:
            return True
    return False


def _nearest(node: ast.AST, loop: ast.AST) -> ast.AST | None:
    for parent in _walk_up(node, _parents(loop)):
        if isinstance(parent, LOOPS):
            return parent
    return None


def _walk_up(node: ast.AST, parents: dict[ast.AST, ast.AST]):
    while node in parents:
        node = parents[node]
        if isinstance(node, SCOPES):
            return
        yield node


class _Parsed:
    """One file's syntax tree with what the rules read of it, built once per text: each rule
    of tests/test_gate_rules.py reads every test file, and a file is parsed for all of them."""

    def __init__(self, text: str):
        self.tree = ast.parse(text)
        self.nodes = sorted(ast.walk(self.tree), key=lambda n: getattr(n, "lineno", 0))

    @functools.cached_property
    def parents(self) -> dict[ast.AST, ast.AST]:
        return _parents(self.tree)

    @functools.cached_property
    def clocks(self) -> _Clocks:
        return _Clocks(self.tree)


@functools.cache
def _parsed(text: str) -> _Parsed:
    """Keyed by the text, not the path: a file written again holds a new text, parsed anew."""
    return _Parsed(text)


def fixed_waits(path: Path, root: Path) -> list[str]:
    """`file:line: call` of each literal sleep or pause that no loop ending on a condition
    surrounds."""
    parsed = _parsed(path.read_text(encoding="utf-8"))
    parents, clocks, constants = parsed.parents, parsed.clocks, _module_constants(parsed.tree)
    found = []
    for node in parsed.nodes:
        if not (isinstance(node, ast.Call) and _name(node.func) in SLEEPS):
            continue
        args = node.args or [k.value for k in node.keywords if k.arg in ("delay", "seconds")]
        if not args or not _number(args[0], constants):
            continue
        loop = next((p for p in _walk_up(node, parents) if isinstance(p, LOOPS)), None)
        if loop is None or not _exits_on_a_condition(loop, clocks):
            found.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)}")
    return found


def duration_asserts(path: Path, root: Path) -> list[str]:
    """`file:line: assert …` of each assert that compares a difference of clock readings."""
    parsed = _parsed(path.read_text(encoding="utf-8"))
    clocks = parsed.clocks
    return [
        f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)[:120]}"
        for node in parsed.nodes
        if isinstance(node, ast.Assert)
        and any(
            isinstance(cmp, ast.Compare)
            and any(clocks.is_duration(side) for side in [cmp.left, *cmp.comparators])
            for cmp in ast.walk(node.test)
        )
    ]


# ---------------------------------------------------------------- private names


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _defined(folder: Path) -> tuple[set[str], set[str]]:
    """The private names of the modules under `folder`: those it defines (functions, methods,
    classes, variables), and the attributes its objects set on themselves."""
    defined, attributes = set(), set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                defined.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                defined.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                attributes.add(node.attr)
    return {n for n in defined if _private(n)}, {n for n in attributes if _private(n)}


@functools.cache
def library_privates() -> frozenset[str]:
    """The private names of Textual and rich: what they define and set on their objects."""
    import rich
    import textual

    theirs: set[str] = set()
    for package in (textual, rich):
        theirs |= set().union(*_defined(Path(package.__file__).parent))
    return frozenset(theirs)


@functools.cache
def project_privates(root: Path) -> frozenset[str]:
    """The private names of tutor/: what it defines, and the attributes it sets that are not
    also Textual's or rich's own (an object of theirs may be what a test looks at)."""
    defined, attributes = _defined(root / "tutor")
    return frozenset(defined | (attributes - library_privates()))


def private_uses(
    path: Path, root: Path, privates: frozenset[str], packages: tuple[str, ...] = ("tutor",)
) -> list[str]:
    """`file:line: name` of each use of one of `privates`: an attribute (not of the test's own
    `self`), a name given to setattr/getattr/monkeypatch as text, a name imported from one of
    `packages` (or a private module of theirs imported from)."""
    found = []
    for node in _parsed(path.read_text(encoding="utf-8")).nodes:
        names: list[str] = []
        modules: list[str] = []  # a private module is private whoever defines its names
        if isinstance(node, ast.Attribute) and not (
            isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
        ):
            names = [node.attr]
        elif isinstance(node, ast.Call) and _name(node.func) in ("setattr", "getattr", "delattr"):
            names = [a.value for a in node.args[1:2] if isinstance(a, ast.Constant)]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(packages):
            names = [alias.name for alias in node.names]
            modules = [part for part in (node.module or "").split(".") if _private(part)]
        found += [
            f"{path.relative_to(root)}:{node.lineno}: {name}"
            for name in [n for n in names if isinstance(n, str) and n in privates] + modules
        ]
    return found
