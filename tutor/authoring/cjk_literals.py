"""Chinese written in Python source as a string literal: words that belong in a catalog
(tutor/words, checks/messages). Docstrings and comments are documentation and are not counted;
a character written as an escape (`"\\u3002"`) is data about text, not words, and is not counted
either, since the scan reads the source as written."""

from __future__ import annotations

import ast
import io
import re
import tokenize

CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")


def _docstring_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                first, last = body[0].lineno, body[0].end_lineno or body[0].lineno
                lines.update(range(first, last + 1))
    return lines


def cjk_literals(source: str) -> list[tuple[int, str]]:
    """(line, the literal as written) for each string literal (or f-string part) holding a
    Chinese character or full-width punctuation, docstrings left out."""
    skip = _docstring_lines(ast.parse(source))
    kinds = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in kinds and tok.start[0] not in skip and CJK.search(tok.string):
            found.append((tok.start[0], tok.string))
    return found
