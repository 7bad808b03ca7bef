"""Which inputs of the course proof must run in a process of their own. The proof runs an
exercise's trusted inputs one after another in one batch worker (tutor/running/batch.py); an input
that changes process-wide state would change the verdicts of the inputs after it. The rule
(lessons/README.md, "Inputs that run alone"):

- code whose syntax shows process-wide effects runs alone: JAX configuration (`jax.config`,
  `jax.disable_jit`, `jax.debug_nans`, `jax.enable_x64` …, `jax.clear_caches`), an import of a
  module whose use reaches the whole process (sys, os, signal, threading, logging, warnings …),
  assigning to or deleting an attribute of an imported module (patching), numpy's global state,
  `exit`/`quit`, `__builtins__` and `__import__`;
- a wrong-solution fixture runs alone when its first comment lines say `# isolated: <reason>`,
  which the validator requires whenever the rule above finds something in it or its expected status
  is a fault (timeout, memory, crashed, exited_early); an author may also isolate a fixture for a
  reason the syntax cannot show.

Starters, solutions and lesson blocks are shown to the learner and carry no flag: the rule is
applied to their code directly (a solution's variants run alone when the solution does)."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

from tutor.course.expectations import ExpectationError, parse_expectation
from tutor.course.python_source import parsed_source

PROCESS_MODULES = frozenset(
    {
        "_thread",
        "atexit",
        "builtins",
        "concurrent",
        "ctypes",
        "faulthandler",
        "gc",
        "importlib",
        "logging",
        "multiprocessing",
        "os",
        "resource",
        "signal",
        "socket",
        "subprocess",
        "sys",
        "threading",
        "warnings",
    }
)
# jax's process-wide switches, whether set with config.update or used as context managers
JAX_SWITCHES = frozenset(
    {
        "config",
        "clear_caches",
        "checking_leaks",
        "debug_infs",
        "debug_nans",
        "default_device",
        "default_matmul_precision",
        "default_prng_impl",
        "disable_jit",
        "disable_x64",
        "enable_checks",
        "enable_x64",
        "explain_cache_misses",
        "log_compiles",
        "numpy_dtype_promotion",
        "numpy_rank_promotion",
        "transfer_guard",
        "transfer_guard_device_to_device",
        "transfer_guard_device_to_host",
        "transfer_guard_host_to_device",
    }
)
NUMPY_GLOBALS = frozenset({"seed", "seterr", "seterrcall", "set_printoptions"})
BUILTIN_EXITS = frozenset({"exit", "quit", "__import__", "__builtins__"})
FAULT_STATUSES = frozenset({"timeout", "memory", "crashed", "exited_early"})
_FLAG = re.compile(r"^#\s*isolated:\s*(?P<reason>.*)$")


def _root(node: ast.expr) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _dotted(node: ast.expr) -> list[str]:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return parts[::-1]


def _imports(tree: ast.AST) -> dict[str, str]:
    """Local name → the top-level module it refers to, for every import in the code."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                names[alias.asname or top] = top
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            top = node.module.split(".")[0]
            for alias in node.names:
                names[alias.asname or alias.name] = top
    return names


def context_modules(context: str | None) -> dict[str, str]:
    """The modules a chapter context binds by name (`jax`, `jnp`, `np` …): code run after the
    context reaches them without importing them."""
    return dict(_context_modules(context or ""))


# The validator asks this of every exercise's context and fixtures, and the tests validate many
# copies of one course: each text is read once (these are pure functions of it).
@lru_cache(maxsize=256)
def _context_modules(context: str) -> tuple[tuple[str, str], ...]:
    try:
        return tuple(_imports(parsed_source(context)).items()) if context else ()
    except SyntaxError:
        return ()


def process_effects(source: str, context: dict[str, str] | None = None) -> list[str]:
    """What in `source` reaches beyond a fresh namespace, one phrase each; [] when nothing does
    (or when it does not parse: then it cannot run far enough to change anything). `context`:
    the modules the chapter context binds (`context_modules`)."""
    return list(_process_effects(source, tuple(sorted((context or {}).items()))))


@lru_cache(maxsize=4096)
def _process_effects(source: str, context: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    try:
        tree = parsed_source(source)
    except SyntaxError:
        return ()
    modules = {**dict(context), **_imports(tree)}
    found: list[str] = []

    def note(line: int, what: str) -> None:
        text = f"line {line}: {what}"
        if text not in found:
            found.append(text)

    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            tops = (
                [a.name.split(".")[0] for a in node.names]
                if isinstance(node, ast.Import)
                else [(node.module or "").split(".")[0]]
            )
            for top in tops:
                if top in PROCESS_MODULES:
                    note(node.lineno, f"imports {top}")
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("jax"):
                for alias in node.names:
                    if alias.name in JAX_SWITCHES:
                        note(node.lineno, f"imports jax's {alias.name}")
        elif isinstance(node, ast.Attribute):
            parts = _dotted(node)
            if len(parts) == 2 and modules.get(parts[0]) in PROCESS_MODULES:
                note(node.lineno, f"uses {'.'.join(parts)}")
            if parts and modules.get(parts[0]) == "jax" and node.attr in JAX_SWITCHES:
                note(node.lineno, f"uses {'.'.join(parts)}")
            if parts and modules.get(parts[0]) == "numpy" and node.attr in NUMPY_GLOBALS:
                note(node.lineno, f"uses {'.'.join(parts)}")
        elif isinstance(node, ast.Name) and node.id in BUILTIN_EXITS:
            note(node.lineno, f"uses {node.id}")
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for target in targets:
                for sub in ast.walk(target):
                    if isinstance(sub, ast.Attribute) and _root(sub) in modules:
                        note(node.lineno, f"changes {'.'.join(_dotted(sub)) or _root(sub)}")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("setattr", "delattr")
            and node.args
            and _root(node.args[0]) in modules
        ):
            note(node.lineno, f"{node.func.id} on module {_root(node.args[0])}")
    return tuple(found)


def declared_isolation(path: Path) -> str | None:
    """The reason in a fixture's `# isolated: <reason>` line (among its first comment lines), or
    None when it has none; "" when the line is there without a reason."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            return None
        m = _FLAG.match(line.strip())
        if m:
            return m["reason"].strip()
    return None


def unflagged(ex, context: str | None) -> list[tuple[Path, str]]:
    """The validator's rule: each fixture of `ex` that must say `# isolated: <reason>` and does not
    (or says it without a reason), with what is wrong."""
    modules = context_modules(context)
    problems = []
    for path in ex.wrong_solutions():
        declared = declared_isolation(path)
        if declared == "":
            problems.append((path, "'# isolated:' needs its reason"))
        if declared is not None:
            continue
        effects = process_effects(path.read_text(encoding="utf-8"), modules)
        try:
            fault = parse_expectation(path).status in FAULT_STATUSES
        except ExpectationError:  # reported by the validator's own check of the header
            fault = False
        if effects or fault:
            why = "; ".join(effects) if effects else "it is meant to end in a fault"
            problems.append(
                (
                    path,
                    f"changes process-wide state ({why}): add '# isolated: <reason>' to its header",
                )
            )
    return problems
