"""The session's use cases about where the learner is: the progress model, the item after a
place in course order, the chapter beside another, where "continue" goes, the next exercise,
the learner's place, lessons read, and the learner's settings (e.g. the theme). Mixed into
`Session` (tutor/application/session.py), whose course and store it uses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tutor.application.progress import Item, Progress, course_items

# the chapter a learner who already knows JAX may skip (its opening page says so)
ON_RAMP = "0"

if TYPE_CHECKING:
    from tutor.course.loader import Course
    from tutor.storage.store import Store


@dataclass(frozen=True)
class ContinuePlan:
    """Where "continue" goes (None: nothing left) and the unfinished items it passes over on
    the way, in course order; the front ends name them."""

    item: Item | None
    passed: list[Item]


class Places:
    course: Course
    _store: Store

    # ------------------------------------------------------------ moving on, the learner's place

    def progress(self) -> Progress:
        return Progress(self.course, self._store)

    def _place(self, current: tuple[str, str]) -> tuple[list[Item], int | None]:
        """The course in the map's order and where `current` (kind, id) stands in it; an
        exercise is found under either exercise kind (main or repair)."""
        items = course_items(self.course)
        kind, item_id = current
        for n, item in enumerate(items):
            if item.id == item_id and (
                item.kind == kind or {kind, item.kind} <= {"exercise", "repair"}
            ):
                return items, n
        return items, None

    def next_item(self, current: tuple[str, str]) -> Item | None:
        """The item after `current` on the course map, done or not; None after the last one.
        Every "next" of the app and the CLI goes through here, so that all follow the map."""
        items, n = self._place(current)
        return items[n + 1] if n is not None and n + 1 < len(items) else None

    def previous_item(self, current: tuple[str, str]) -> Item | None:
        """The item before `current` on the course map; None before the first one."""
        items, n = self._place(current)
        return items[n - 1] if n else None

    def chapter_beside(self, chapter_id: str, step: int) -> str:
        """The chapter `step` places after `chapter_id` in the map's order (before it when
        `step` is negative), wrapping around at either end: the cheat sheet's ] and [."""
        ids = [c.id for c in self.course.chapters]
        here = ids.index(self.course.chapter_by_id[chapter_id].id)
        return ids[(here + step) % len(ids)]

    def continue_item(self) -> Item | None:
        """Where "continue" goes (continue_plan)."""
        return self.continue_plan().item

    def continue_plan(self) -> ContinuePlan:
        """Where "continue" (and a start without a target) goes: the first unfinished item in
        course order, wherever the learner last was, and what it passes over on the way. It
        passes over the repairs not passed (extra practice, counted apart) and the exercises the
        learner gave up on; every other unfinished item stops it: an unread page, a main
        exercise, a quiz not fully answered. The on-ramp chapter (ON_RAMP) is optional: once
        the learner has opened a later chapter and their place is not in the on-ramp, continue
        never sends them back to it."""
        progress = self.progress()
        place = self._store.location()
        skip = {ON_RAMP} if self._skipped_on_ramp(progress, place) else set()
        passed: list[Item] = []
        for item in course_items(self.course):
            if item.chapter_id in skip or progress.status(item) == "done":
                continue
            if item.kind == "repair" or (
                item.kind == "exercise" and self._store.stats(item.id).gave_up
            ):
                passed.append(item)
                continue
            return ContinuePlan(item, passed)
        return ContinuePlan(None, passed)

    def _skipped_on_ramp(self, progress: Progress, place: tuple[str, str] | None) -> bool:
        """The learner has opened a chapter after the on-ramp (their place is there, or an item
        of it is read, tried or answered) and is not back in the on-ramp."""
        ids = [c.id for c in self.course.chapters]
        if ON_RAMP not in ids:
            return False
        later = set(ids[ids.index(ON_RAMP) + 1 :])
        items, n = self._place(place) if place is not None else ([], None)
        if n is not None and items[n].chapter_id == ON_RAMP:
            return False
        if n is not None and items[n].chapter_id in later:
            return True
        return any(
            progress.status(item) != "todo"
            for item in course_items(self.course)
            if item.chapter_id in later
        )

    def visit(self, kind: str, item_id: str) -> None:
        """Remember the learner's place. Opening a lesson page does not make it read: the front
        end calls `read_lesson` once the learner has seen the whole page."""
        self._store.set_location(kind, item_id)

    def location(self) -> tuple[str, str] | None:
        """The learner's last place (kind, id), or None on a first start."""
        return self._store.location()

    def read_lesson(self, lesson_id: str) -> None:
        """The learner has seen a lesson page to its end (scrolled or paged through it)."""
        self._store.mark_read(self.course.lesson(lesson_id).id)

    def lessons_read(self) -> set[str]:
        return self._store.lessons_read()

    # ------------------------------------------------------------ settings

    def setting(self, key: str) -> str | None:
        """A setting the learner chose (e.g. "theme"), or None."""
        return self._store.get_setting(key)

    def choose_setting(self, key: str, value: str) -> None:
        self._store.set_setting(key, value)

    def remember_language(self, lang: str) -> None:
        """The language of a first start becomes the learner's (tutor/application/language.py);
        one already remembered stays (--lang and JAXTUTOR_LANG choose for one start only)."""
        from tutor.application.language import SETTING

        if self._store.get_setting(SETTING) is None:
            self._store.set_setting(SETTING, lang)
