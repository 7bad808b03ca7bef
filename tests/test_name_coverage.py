"""One source of truth for each chapter's API: every chapter-context name an exercise's statement,
hints, starter or solution uses is defined by that chapter's context and taught by one of its
lesson pages (in prose, a code block, or an include of the context's own code)."""

import ast
import re

import pytest

from tutor.course.loader import load_course


def _context_names(chapter) -> set[str]:
    """Names the context defines itself (imported modules such as jnp are not the chapter's API)."""
    names = set()
    for node in ast.parse(chapter.context_source).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return {n for n in names if not n.startswith("_")}


def _code_names(source: str) -> set[str]:
    tree = ast.parse(source)
    defined = {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    defined |= {
        t.id
        for n in ast.walk(tree)
        if isinstance(n, ast.Assign)
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return used - defined


def _words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))


def _lesson_text(chapter) -> str:
    return "\n".join(
        [page.body for page in chapter.lessons]
        + [b.code for page in chapter.lessons for b in page.code_blocks]
    )


COURSE = load_course()


@pytest.mark.parametrize("ex_id", list(COURSE.exercises))
def test_context_names_an_exercise_uses_are_defined_and_taught(ex_id):
    ex = COURSE.exercise(ex_id)
    chapter = COURSE.chapter_of(ex_id)
    context = _context_names(chapter)
    used = _code_names(ex.solution) | _code_names(ex.starter)
    used |= _words(ex.statement) | _words(" ".join(ex.hints))
    needed = used & context
    taught = _words(_lesson_text(chapter))
    untaught = sorted(n for n in needed if n not in taught)
    assert not untaught, (
        f"{ex_id} uses context names no lesson of chapter {chapter.id} shows: {untaught}"
    )


@pytest.mark.parametrize("ex_id", list(COURSE.exercises))
def test_names_the_solution_reads_exist(ex_id):
    """A name the reference solution reads is a builtin, its own, or defined by the context."""
    import builtins

    ex = COURSE.exercise(ex_id)
    chapter = COURSE.chapter_of(ex_id)
    tree = ast.parse(chapter.context_source)
    available = set(dir(builtins)) | _context_names(chapter)
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            available |= {(a.asname or a.name).split(".")[0] for a in node.names}
    sol = ast.parse(ex.solution)
    for node in ast.walk(sol):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            available |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            available.add(node.name)
            available |= (
                {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}
                if isinstance(node, ast.FunctionDef)
                else set()
            )
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            available.add(node.id)
        elif isinstance(node, ast.arg):
            available.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            available.add(node.name)
    missing = sorted(
        {n.id for n in ast.walk(sol) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        - available
        - {"__name__"}
    )
    assert not missing, f"{ex_id}'s solution reads names nobody defines: {missing}"
