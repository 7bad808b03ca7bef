"""Validator rules that keep the levels honest: every page says whether it is core or optional;
a ⚪ box (a heading marked ⚪, up to the next heading of the same or a higher level) links no
main exercise, since an exercise may not rest on what the learner was told to skip; and the
chapter's opening page names exactly what can be skipped: its lines with ⚪ link every optional
page and every page holding a ⚪ box, and no other page."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tutor.authoring.problems import Problem

if TYPE_CHECKING:
    from tutor.course.lesson import Lesson
    from tutor.course.model import Chapter, Course

OPTIONAL_MARK = "⚪"
_MAIN_LINK = re.compile(r"\]\(exercise:([^)\s]+)\)")
_PAGE_LINK = re.compile(r"\]\(lesson:([^)\s]+)\)")


def optional_boxes(lesson: Lesson) -> list[tuple[int, int]]:
    """(first, last) source lines of each ⚪ box of the page."""
    heads = lesson.headings
    end = lesson.path.read_text(encoding="utf-8").count("\n") + 1
    boxes = []
    for n, head in enumerate(heads):
        if OPTIONAL_MARK not in head.text:
            continue
        stop = next((h.line - 1 for h in heads[n + 1 :] if h.level <= head.level), end)
        boxes.append((head.line, stop))
    return boxes


def level_problems(course: Course) -> list[Problem]:
    problems: list[Problem] = []
    for chapter in course.chapters:
        for lesson in chapter.lessons:
            if lesson.level not in ("core", "optional"):
                problems.append(
                    Problem(str(lesson.path), "level", 'every page is "core" or "optional"')
                )
            _boxes_link_no_main_exercise(lesson, problems)
        _opening_names_what_can_be_skipped(chapter, course, problems)
    return problems


def _boxes_link_no_main_exercise(lesson: Lesson, problems: list[Problem]) -> None:
    lines = lesson.path.read_text(encoding="utf-8").split("\n")
    for first, last in optional_boxes(lesson):
        for number in range(first, last + 1):
            for target in _MAIN_LINK.findall(lines[number - 1]):
                if "-fix" not in target:
                    problems.append(
                        Problem(
                            f"{lesson.path}:{number}",
                            "level",
                            f"the ⚪ box that starts on line {first} links exercise {target}: an "
                            "exercise may not rest on a box the learner may skip (make the box "
                            "🟢, or link the exercise outside it)",
                        )
                    )


def _opening_names_what_can_be_skipped(
    chapter: Chapter, course: Course, problems: list[Problem]
) -> None:
    opening = next((p for p in chapter.lessons if p.id == f"{chapter.id}.0"), None)
    if opening is None:
        return  # the framing rules name it
    skippable = {p.id for p in chapter.lessons if p.level == "optional" or optional_boxes(p)}
    named: set[str] = set()
    for paragraph in opening.body.split("\n\n"):
        if OPTIONAL_MARK in paragraph:
            named |= {course.lesson(t).id for t in _PAGE_LINK.findall(paragraph)}
    missing, extra = sorted(skippable - named), sorted(named - skippable)
    if missing or extra:
        problems.append(
            Problem(
                str(opening.path),
                "level",
                "the paragraph with ⚪ names exactly the pages with something to skip "
                f"(missing: {', '.join(missing) or '-'}; not skippable: {', '.join(extra) or '-'})",
            )
        )
