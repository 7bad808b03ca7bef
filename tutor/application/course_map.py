"""The course as a path: the items of the map in learning order (pages, each followed by the
exercises placed after it, then the quiz). Every view and every "next" walks this one order
(tutor/application/progress.py counts along it, places.py moves along it). Pure logic."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tutor.course.lesson import topic_of

if TYPE_CHECKING:
    from tutor.course.exercise import Exercise
    from tutor.course.loader import Chapter, Course


@dataclass(frozen=True)
class Item:
    """One place on the course map, in course order."""

    kind: str  # "lesson" | "exercise" | "repair" | "quiz"
    id: str  # lesson/exercise id, or the chapter id for a quiz
    title: str
    chapter_id: str

    @property
    def key(self) -> tuple[str, str]:
        return self.kind, self.id


def _fix_number(repair_id: str) -> int:
    """The number of a repair within its topic: '7.2-fix12' → 12."""
    tail = repair_id.rsplit("-fix", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def placements(chapter: Chapter) -> dict[str, list[Item]]:
    """The exercises the map places after each page (by page id), in the order it shows them.
    A main exercise follows the last page it needs. A topic's repairs sit together, in the
    order of their numbers, after the last page any of them repairs (so that `6.2-fix3` never
    comes before `6.2-fix2`); on one page the repairs, warm-ups on its topic's pitfalls, come
    before the main exercises."""
    order = {lesson.id: n for n, lesson in enumerate(chapter.lessons)}
    after: dict[str, list[Item]] = {lesson.id: [] for lesson in chapter.lessons}
    topics: dict[str, list[Exercise]] = {}
    for ex in chapter.repairs:
        if ex.lesson_id in order:
            topics.setdefault(topic_of(ex.lesson_id), []).append(ex)
    for repairs in topics.values():
        last = max((ex.lesson_id for ex in repairs), key=order.__getitem__)
        for ex in sorted(repairs, key=lambda e: _fix_number(e.id)):
            after[last].append(Item("repair", ex.id, ex.title, chapter.id))
    for ex in chapter.exercises:
        if ex.lesson_id in order:
            after[ex.lesson_id].append(Item("exercise", ex.id, ex.title, chapter.id))
    return after


def chapter_items(chapter: Chapter) -> list[Item]:
    """Lessons in reading order, each followed by the exercises placed after it (placements():
    its topic's repairs, then main exercises); exercises whose page is not listed come after the
    lessons; the quiz comes last."""
    items: list[Item] = []
    after = placements(chapter)
    for lesson in chapter.lessons:
        items.append(Item("lesson", lesson.id, lesson.title, chapter.id))
        items.extend(after[lesson.id])
    placed = {item.id for item in items}
    for kind, group in (("exercise", chapter.exercises), ("repair", chapter.repairs)):
        for ex in group:
            if ex.id not in placed:
                items.append(Item(kind, ex.id, ex.title, chapter.id))
    if chapter.quiz is not None:
        items.append(Item("quiz", chapter.id, chapter.quiz.title, chapter.id))
    return items


def course_items(course: Course) -> list[Item]:
    return [item for chapter in course.chapters for item in chapter_items(chapter)]
