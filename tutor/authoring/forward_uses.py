"""Validator rule for an exercise that uses what its chapter teaches only later: walking each
chapter along its map, a name an exercise's statement or hints put in code (`adam(1e-2)`) that
the chapter's pages first show in code after the exercise must come with a link to a page that
shows it and that the learner has already passed in course order (7.4 once used `adam` and
`apply_updates`, taught in topic 7.5, without pointing to 6.6b where they were first shown).
Names the chapter never shows (the exercise's own results, the context's helpers) and names
shown before the exercise are free."""

from __future__ import annotations

import builtins
import keyword
import re
from typing import TYPE_CHECKING

from tutor.application.progress import chapter_items
from tutor.authoring.problems import Problem

if TYPE_CHECKING:
    from tutor.course.lesson import Lesson
    from tutor.course.model import Course

_FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.M | re.S)
_SPAN = re.compile(r"`([^`\n]+)`")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_PAGE_LINK = re.compile(r"\]\(lesson:([^)\s#]+)\)")
_API = re.compile(r"\b(?:jax|lax|optax)(?:\.\w+)*\.([A-Za-z_]\w*)")
_INCLUDE = re.compile(r"^```\w* include=([\w,]+)", re.M)
_COMMENT = re.compile(r"#.*$", re.M)
_COMMON = set(keyword.kwlist) | set(dir(builtins))


def _names(code: str) -> set[str]:
    return {n for n in _NAME.findall(code) if n not in _COMMON and len(n) > 2}


def _taught(page: Lesson) -> set[str]:
    """The names a page teaches: what its code blocks include from the chapter's context
    (`include=adam`), and the attributes of jax, lax and optax its code (blocks and inline)
    uses."""
    code = "\n".join(_FENCE.findall(page.body) + _SPAN.findall(page.body))
    included = {n for names in _INCLUDE.findall(page.body) for n in names.split(",")}
    return (included | set(_API.findall(code))) - _COMMON


def _in_starter(ex) -> set[str]:
    """Names the exercise's starter code puts in front of the learner (comments left out)."""
    path = ex.folder / ("starter.en.py" if ex.lang == "en" else "starter.py")
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    return _names(_COMMENT.sub("", text))


def forward_use_problems(course: Course) -> list[Problem]:
    problems: list[Problem] = []
    passed: list[str] = []  # pages in course order, as the walk reaches them
    for chapter in course.chapters:
        pages = {page.id: page for page in chapter.lessons}
        exercises = {ex.id: ex for ex in [*chapter.exercises, *chapter.repairs]}
        items = chapter_items(chapter)
        first_shown: dict[str, str] = {}  # name -> the chapter's first page showing it
        for item in items:
            if item.kind == "lesson":
                for name in _taught(pages[item.id]):
                    first_shown.setdefault(name, item.id)
        seen_here: set[str] = set()
        for item in items:
            if item.kind == "lesson":
                passed.append(item.id)
                seen_here.add(item.id)
                continue
            if item.kind not in ("exercise", "repair"):
                continue
            ex = exercises[item.id]
            text = ex.statement + "\n" + "\n".join(ex.hints)
            linked = [
                course.lesson(p)
                for p in _PAGE_LINK.findall(text)
                if p in course.lessons and course.lesson(p).id in passed
            ]
            used = _names(" ".join(_SPAN.findall(text))) - _in_starter(ex)
            used -= _names("\n".join(_FENCE.findall(text)))  # the statement's own code
            for name in sorted(used):
                later = first_shown.get(name)
                if later is None or later in seen_here:
                    continue
                if any(name in _taught(page) for page in linked):
                    continue
                problems.append(
                    Problem(
                        str(ex.statement_path),
                        "links",
                        f"exercise {ex.id} uses `{name}`, which chapter {chapter.id} first shows "
                        f"on page {later}, after the exercise: link a page the learner has "
                        "already passed that shows it",
                    )
                )
    return problems
