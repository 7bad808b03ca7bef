"""One progress model for every view (the course map, the progress screen, `jaxtutor progress`
and `jaxtutor list`): what counts as done for a lesson, an exercise, a quiz and a chapter, the
course as a list of items in learning order, and the one table that turns a status into a word,
a style and a mark.

Done means: a lesson page was read; an exercise passed (giving up does not count); a quiz had
every question answered (first answers count, see the session); a chapter had every one of its
items done. Pure logic: no widgets, no jax."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from tutor.application.course_map import Item, chapter_items
from tutor.application.course_map import course_items as course_items  # re-exported
from tutor.words.catalog import t

if TYPE_CHECKING:
    from tutor.course.loader import Chapter, Course
    from tutor.storage.store import Store


# ---------------------------------------------------------------- the status table


@dataclass(frozen=True)
class StatusLook:
    """How views show one status: its word, its colour and its mark."""

    word_key: str  # catalog key of the status word
    style: str  # rich style text; views take it through style() below
    mark: str  # one-cell mark shown before the item


# Every status any view shows: run statuses (result.Status), check statuses (CheckStatus),
# stored exercise statuses (unseen/started/failed/passed) and item statuses (todo/started/
# failed/done). Wrong answers are red, limits hit by the run are magenta, neutral ends are grey
# (a colour, not "dim": dimmed text falls below 4.5:1 contrast on the light theme).
STATUS_LOOKS: dict[str, StatusLook] = {
    "passed": StatusLook("status.passed", "bold green", "✓"),
    "done": StatusLook("status.done", "green", "✓"),
    "failed": StatusLook("status.failed", "bold red", "✗"),
    "error": StatusLook("status.error", "bold red", "!"),
    "not_attempted": StatusLook("status.not_attempted", "yellow", "○"),
    "timeout": StatusLook("status.timeout", "bold magenta", "⏱"),
    "memory": StatusLook("status.memory", "bold magenta", "▲"),
    "crashed": StatusLook("status.crashed", "bold magenta", "☠"),
    "exited_early": StatusLook("status.exited_early", "bold magenta", "⏏"),
    "cancelled": StatusLook("status.cancelled", "bright_black", "–"),
    "skipped": StatusLook("status.skipped", "bright_black", "·"),
    "reference": StatusLook("status.reference", "cyan", "≡"),
    "started": StatusLook("status.started", "yellow", "◐"),
    "running": StatusLook("status.running", "yellow", "…"),
    "unseen": StatusLook("status.unseen", "bright_black", "·"),
    "todo": StatusLook("status.todo", "bright_black", "·"),
    "read": StatusLook("status.read", "green", "✓"),
}
_UNKNOWN = StatusLook("", "", "?")


def look(status) -> StatusLook:
    """The look of a status given as a string or a str-valued enum (Status, CheckStatus)."""
    return STATUS_LOOKS.get(getattr(status, "value", status), _UNKNOWN)


def word(status) -> str:
    """The status in the current language; an unknown status is shown as it is."""
    key = look(status).word_key
    return t(key) if key else str(getattr(status, "value", status))


def style(status):
    """The status's rich.style.Style. A Style object, not its text: Textual reads a style text's
    colour names as fixed CSS colours ("red" = #FF0000, illegible on light grey), a Style's as
    terminal colours, which the app maps to its theme's legible palette (tutor/app/legible.py)
    and a terminal to its own for the CLI."""
    return _parsed_style(look(status).style)


@cache
def _parsed_style(text: str):
    from rich.style import Style

    return Style.parse(text)


def mark(status) -> str:
    return look(status).mark


def bar(done: int, total: int, width: int = 20) -> str:
    """A bar of `width` cells: █ for the done share, ░ for the rest (no numbers)."""
    if total <= 0:
        return "░" * width
    full = round(width * min(done, total) / total)
    return "█" * full + "░" * (width - full)


def time_spent(seconds: float) -> str:
    """A duration in the catalog's units (39 s, 2 min 05 s, 1 h 02 min): the one formatter
    of the app and the CLI."""
    seconds = int(seconds)
    if seconds < 60:
        return t("app.time.s", s=seconds)
    if seconds < 3600:
        return t("app.time.ms", m=seconds // 60, s=seconds % 60)
    return t("app.time.hm", h=seconds // 3600, m=seconds % 3600 // 60)


# ------------------------------------------------------- what an edit, a run or a view records

# Runs that say nothing about the learner's answer: they only mark an unseen exercise started.
NEUTRAL_ENDS = frozenset({"reference", "not_attempted", "cancelled"})


@dataclass(frozen=True)
class EditRule:
    """What an edit of the draft does to the exercise's stored status (the store applies it
    inside its write, to the status it holds then)."""

    def after(self, stored: str) -> str:
        """An edit starts an unseen exercise (opening it alone does not); one that is further
        stays where it is."""
        return "started" if stored == "unseen" else stored


EDIT_RULE = EditRule()


@dataclass(frozen=True)
class AttemptRule:
    """How one run is recorded: the attempt's status, and the exercise's stored status after it
    (the store applies it inside its write, to the status it holds then)."""

    status: str  # a run status, or "reference" (the reference solution was checked)
    # False: the starter was checked as given, nothing of the learner's in it yet: the run is
    # shown in the history but is no attempt, and the exercise's status stays
    counted: bool = True

    def after(self, stored: str) -> str:
        """A pass makes an exercise passed and nothing takes that back; an uncounted run changes
        nothing; a neutral end does what an edit does (it starts an unseen exercise); every other
        end makes it failed."""
        if stored == "passed" or self.status == "passed":
            return "passed"
        if not self.counted:
            return stored
        if self.status in NEUTRAL_ENDS:
            return EDIT_RULE.after(stored)
        return "failed"


def attempt_rule(run_status, *, reference: bool = False, untouched: bool = False) -> AttemptRule:
    """The rule for a run that ended with `run_status` (a Status or its value); a run of the
    reference solution is recorded as "reference" and changes nothing else; a run of the
    `untouched` starter is not counted."""
    status = "reference" if reference else str(getattr(run_status, "value", run_status))
    return AttemptRule(status, counted=not untouched)


def viewed_after_giving_up(stored: str) -> bool:
    """Whether a view of the solution counts as one after giving up: a solution is unlocked by
    a pass or by giving up, so a view before the exercise passed is one after giving up."""
    return stored != "passed"


# ---------------------------------------------------------------- counting


@dataclass(frozen=True)
class ChapterProgress:
    """Every count a view shows for one chapter (or, from `Progress.overall`, the course)."""

    done: int  # items done (lessons read + exercises passed + quiz complete)
    total: int  # items
    lessons_read: int
    lessons: int
    exercises_passed: int
    exercises: int
    repairs_passed: int
    repairs: int
    predictions_right: int
    predictions_made: int
    predictions: int
    quiz_correct: int
    quiz_questions: int

    @property
    def complete(self) -> bool:
        return self.total > 0 and self.done == self.total

    @property
    def percent(self) -> int:
        return 100 * self.done // self.total if self.total else 0


def exercise_item_status(stored: str) -> str:
    """A stored exercise status (unseen/started/failed/passed) as an item status."""
    return {"passed": "done", "failed": "failed", "started": "started"}.get(stored, "todo")


class Progress:
    """A snapshot of the store's view of every item (a handful of queries); every view counts
    through it, so that they all agree."""

    def __init__(self, course: Course, store: Store):
        self.course = course
        self.statuses: dict[str, str] = store.statuses()
        self.read: set[str] = store.lessons_read()
        self._quiz = {
            c.id: (store.quiz_score(c.id), len(c.quiz.questions)) for c in course.chapters if c.quiz
        }
        self._predictions = {c.id: store.predictions(c.id) for c in course.chapters}
        self._chapters: dict[str, ChapterProgress] = {}

    def calibration(self, chapter: Chapter) -> tuple[int, int, int]:
        """(right, made, total) of the chapter's predictions (first guesses only): how often the
        learner foresaw what JAX would do."""
        made = self._predictions.get(chapter.id, {})
        total = sum(lesson.prediction_count for lesson in chapter.lessons)
        return sum(1 for _, right in made.values() if right), len(made), total

    def exercise_status(self, ex_id: str) -> str:
        """The stored status: unseen | started | failed | passed."""
        return self.statuses.get(ex_id, "unseen")

    def lesson_done(self, lesson_id: str) -> bool:
        return lesson_id in self.read

    def exercise_done(self, ex_id: str) -> bool:
        return self.exercise_status(ex_id) == "passed"

    def quiz_score(self, chapter_id: str) -> tuple[int, int, int]:
        """(correct, answered, questions) of a chapter's quiz, first answers only."""
        (correct, answered), total = self._quiz.get(chapter_id, ((0, 0), 0))
        return correct, answered, total

    def quiz_done(self, chapter_id: str) -> bool:
        _, answered, total = self.quiz_score(chapter_id)
        return total > 0 and answered >= total

    def status(self, item: Item) -> str:
        """The item status: done | started | failed | todo."""
        if item.kind == "lesson":
            return "done" if self.lesson_done(item.id) else "todo"
        if item.kind in ("exercise", "repair"):
            return exercise_item_status(self.exercise_status(item.id))
        if self.quiz_done(item.id):
            return "done"
        return "started" if self.quiz_score(item.id)[1] else "todo"

    def counts(self, items: list[Item]) -> tuple[int, int]:
        """(done, total) over any list of items; repair exercises are extra practice and are not
        part of it (see ChapterProgress.repairs)."""
        counted = [i for i in items if i.kind != "repair"]
        return sum(1 for i in counted if self.status(i) == "done"), len(counted)

    def chapter(self, chapter: Chapter) -> ChapterProgress:
        if chapter.id not in self._chapters:  # a Progress is a snapshot: count each chapter once
            self._chapters[chapter.id] = self._count_chapter(chapter)
        return self._chapters[chapter.id]

    def _count_chapter(self, chapter: Chapter) -> ChapterProgress:
        """Lessons, main exercises and the quiz make a chapter's done/total; repair exercises are
        extra practice, counted on their own."""
        done, total = self.counts(chapter_items(chapter))
        correct, _answered, questions = self.quiz_score(chapter.id)
        right, made, predictions = self.calibration(chapter)
        return ChapterProgress(
            done=done,
            total=total,
            lessons_read=sum(1 for lesson in chapter.lessons if self.lesson_done(lesson.id)),
            lessons=len(chapter.lessons),
            exercises_passed=sum(1 for e in chapter.exercises if self.exercise_done(e.id)),
            exercises=len(chapter.exercises),
            repairs_passed=sum(1 for e in chapter.repairs if self.exercise_done(e.id)),
            repairs=len(chapter.repairs),
            predictions_right=right,
            predictions_made=made,
            predictions=predictions,
            quiz_correct=correct,
            quiz_questions=questions,
        )

    def overall(self) -> ChapterProgress:
        parts = [self.chapter(c) for c in self.course.chapters]
        return ChapterProgress(
            *(sum(getattr(p, f) for p in parts) for f in ChapterProgress.__dataclass_fields__)
        )
