"""The course content model: the course and its chapters, and the lookups of a page, an exercise
or a quiz by id (format: lessons/README.md). Its parts have their own modules (lesson.py,
exercise.py, quiz.py, context.py), its errors are in errors.py; `tutor.course.loader.load_course`
builds it from the files."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from tutor.course.errors import UnknownId
from tutor.course.exercise import Exercise
from tutor.course.lesson import Lesson
from tutor.course.markdown import reflow
from tutor.course.quiz import Quiz


@dataclass
class Chapter:
    """One chapter: its pages, exercises, repairs, quiz, context and cheat sheet."""

    id: str
    title: str
    short_title: str
    folder: Path
    seed: str
    lessons: list[Lesson]
    exercises: list[Exercise]  # the chapter's main exercises, in course order
    quiz: Quiz | None
    context_path: Path
    cheatsheet_path: Path | None
    repairs: list[Exercise] = field(default_factory=list)  # repair exercises, in course order

    @property
    def context_source(self) -> str:
        return self.context_path.read_text(encoding="utf-8")

    @property
    def cheatsheet(self) -> str:
        return (
            reflow(self.cheatsheet_path.read_text(encoding="utf-8")) if self.cheatsheet_path else ""
        )


@dataclass
class Course:
    """The whole course: its chapters in order, and lookups by id."""

    title: str
    root: Path
    chapters: list[Chapter]
    welcome_path: Path | None = None
    lang: str = "zh"  # the language its texts are in (tutor/course/languages.py)

    @cached_property
    def exercises(self) -> dict[str, Exercise]:
        """Every exercise, main and repair, by id (a chapter's main exercises first)."""
        return {e.id: e for c in self.chapters for e in [*c.exercises, *c.repairs]}

    @cached_property
    def lessons(self) -> dict[str, Lesson]:
        return {page.id: page for c in self.chapters for page in c.lessons}

    @cached_property
    def quizzes(self) -> dict[str, Quiz]:
        return {c.id: c.quiz for c in self.chapters if c.quiz}

    @cached_property
    def chapter_by_id(self) -> dict[str, Chapter]:
        return {c.id: c for c in self.chapters}

    def chapter_of(self, item_id: str) -> Chapter:
        return self.chapter_by_id[item_id.rsplit(".", 1)[0]]

    def exercise(self, ex_id: str) -> Exercise:
        try:
            return self.exercises[ex_id]
        except KeyError:
            raise UnknownId("exercise", ex_id, closest(ex_id, self.exercises)) from None

    def lesson(self, lesson_id: str) -> Lesson:
        """A page by id; a topic id ('7.1') gives the topic's first page."""
        if lesson_id in self.lessons:
            return self.lessons[lesson_id]
        pages = self.topic_pages(lesson_id)
        if pages:
            return pages[0]
        raise UnknownId("lesson", lesson_id, closest(lesson_id, self.lessons))

    def quiz(self, chapter_id: str) -> Quiz:
        try:
            return self.quizzes[chapter_id]
        except KeyError:
            raise UnknownId("quiz", chapter_id, closest(chapter_id, self.quizzes)) from None

    def topic_pages(self, topic_id: str) -> list[Lesson]:
        """The pages of a topic in reading order ('7.1' → 7.1a, 7.1b, …; a plain page alone)."""
        return [
            page
            for page in self.lessons.values()
            if page.topic_id == topic_id or page.id == topic_id
        ]


def closest(given: str, ids, n: int = 3) -> list[str]:
    """The ids nearest to `given`: same-prefix ids first, then string similarity."""
    ids = list(ids)
    picks = difflib.get_close_matches(given, ids, n=n, cutoff=0.3)
    if len(picks) < n:
        head = given.split(".")[0]
        picks += [i for i in ids if i.split(".")[0] == head and i not in picks][: n - len(picks)]
    return picks[:n] if picks else ids[:n]
