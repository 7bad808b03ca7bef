"""The definitions of a chapter's context file (context.py) that a page's `include=` blocks show,
found by name."""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

from tutor.course.errors import ContentError


def context_definitions(context_path: Path, names: tuple[str, ...] | list[str]) -> str:
    """The source of the named top-level definitions (def, class, assignment) of a chapter
    context, decorators included, in the order asked. Raises ContentError for a missing name."""
    found = _definitions(context_path, context_path.stat().st_mtime_ns)
    missing = [n for n in names if n not in found]
    if missing:
        raise ContentError(
            context_path, "include", f"the context does not define {', '.join(missing)}"
        )
    return "\n\n\n".join(dict.fromkeys(found[n] for n in names)) + "\n"


@lru_cache(maxsize=8)
def _definitions(context_path: Path, mtime_ns: int) -> dict[str, str]:
    """Every top-level definition's source, parsed once per version of the file."""
    source = context_path.read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined = [node.name]
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            defined = [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
        else:
            continue
        start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        text = "\n".join(source.split("\n")[start - 1 : node.end_lineno])
        for name in defined:
            found.setdefault(name, text)
    return found
