"""The course as a list of items (lessons, exercises, quizzes) in learning order, with each
item's status taken from the progress store. Pure logic: no widgets, shared by the course map,
"continue", the progress screen and the command palette."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.content import Chapter, Course
from tutor.store import Store

# item statuses: "done" | "started" | "failed" | "todo"
ICONS = {"done": "✓", "started": "◐", "failed": "✗", "todo": "·"}


@dataclass(frozen=True)
class Item:
    kind: str          # "lesson" | "exercise" | "quiz"
    id: str            # lesson/exercise id, or the chapter id for a quiz
    title: str
    chapter_id: str

    @property
    def key(self) -> tuple[str, str]:
        return self.kind, self.id


def chapter_items(chapter: Chapter) -> list[Item]:
    """Lessons in reading order, each followed by the exercises that reinforce it; exercises
    whose lesson is not listed come after the lessons; the quiz comes last."""
    items: list[Item] = []
    placed: set[str] = set()
    for lesson in chapter.lessons:
        items.append(Item("lesson", lesson.id, lesson.title, chapter.id))
        for ex in chapter.exercises:
            if ex.lesson_id == lesson.id:
                items.append(Item("exercise", ex.id, ex.title, chapter.id))
                placed.add(ex.id)
    for ex in chapter.exercises:
        if ex.id not in placed:
            items.append(Item("exercise", ex.id, ex.title, chapter.id))
    if chapter.quiz is not None:
        items.append(Item("quiz", chapter.id, chapter.quiz.title, chapter.id))
    return items


def course_items(course: Course) -> list[Item]:
    return [item for chapter in course.chapters for item in chapter_items(chapter)]


class Progress:
    """A snapshot of the store's view of every item (cheap: a handful of queries)."""

    def __init__(self, course: Course, store: Store):
        self.course = course
        self.statuses = store.statuses()
        self.read = store.lessons_read()
        self.quiz = {c.id: (store.quiz_score(c.id), len(c.quiz.questions)) for c in course.chapters if c.quiz}

    def status(self, item: Item) -> str:
        if item.kind == "lesson":
            return "done" if item.id in self.read else "todo"
        if item.kind == "exercise":
            s = self.statuses.get(item.id, "unseen")
            return {"passed": "done", "failed": "failed", "started": "started"}.get(s, "todo")
        (correct, answered), total = self.quiz.get(item.id, ((0, 0), 0))
        if total and answered >= total:
            return "done"
        return "started" if answered else "todo"

    def quiz_score(self, chapter_id: str) -> tuple[int, int, int]:
        """(correct, answered, total)."""
        (correct, answered), total = self.quiz.get(chapter_id, ((0, 0), 0))
        return correct, answered, total

    def counts(self, items: list[Item]) -> tuple[int, int]:
        return sum(1 for i in items if self.status(i) == "done"), len(items)

    def next_item(self, after: tuple[str, str] | None = None) -> Item | None:
        """The first unfinished item in course order, starting at `after` (the learner's current
        place: still unfinished, it is the one to continue) and wrapping around."""
        items = course_items(self.course)
        start = 0
        if after is not None:
            for n, item in enumerate(items):
                if item.key == tuple(after):
                    start = n
                    break
        for item in items[start:] + items[:start]:
            if self.status(item) != "done":
                return item
        return None


def bar(done: int, total: int, width: int = 20) -> str:
    if total <= 0:
        return "░" * width
    full = round(width * done / total)
    return "█" * full + "░" * (width - full)
