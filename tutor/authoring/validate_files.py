"""The parsing of content Python files without running them."""

from __future__ import annotations

import ast
from pathlib import Path

from tutor.authoring.problems import Problem
from tutor.course.python_source import parsed_source


def _parse(path: Path, field: str, problems: list[Problem]) -> ast.Module | None:
    try:
        return parsed_source(path.read_text(encoding="utf-8"))
    except SyntaxError as e:
        problems.append(Problem(str(path), field, f"syntax error at line {e.lineno}: {e.msg}"))
    except FileNotFoundError:
        problems.append(Problem(str(path), field, "missing"))
    return None


def _defined_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        names.add(n.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                names.add((a.asname or a.name).split(".")[0])
        elif isinstance(node, (ast.If, ast.Try, ast.With)):
            sub = ast.Module(body=list(getattr(node, "body", [])), type_ignores=[])
            names |= _defined_names(sub)
    return names
