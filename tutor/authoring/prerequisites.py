"""Validator rule for what a chapter takes from chapter 0: a few JAX terms are taught there and
used bare later. Walking each later chapter along its map (pages, and each exercise's statement
and hints where the exercise sits), the first text that uses a term must link the chapter-0 page
that teaches it (`lesson:0.3`, or a page of that topic such as `lesson:0.2b`); from then on the
chapter may use it freely. A text that links the page before using the term also counts: the
link is the declaration that the learner has been pointed to where the term is taught."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tutor.application.progress import chapter_items
from tutor.authoring.problems import Problem
from tutor.course.lesson import topic_of

if TYPE_CHECKING:
    from pathlib import Path

    from tutor.course.model import Chapter, Course

BASE_CHAPTER = "0"


@dataclass(frozen=True)
class Term:
    name: str
    pattern: re.Pattern[str]
    topic: str  # the chapter-0 topic that teaches it


TERMS = (
    Term("jax.grad", re.compile(r"\bjax\.grad\b"), "0.3"),
    Term("jax.vmap", re.compile(r"\bjax\.vmap\b"), "0.4"),
    Term("jaxpr", re.compile(r"jaxpr", re.IGNORECASE), "0.2"),
    Term("block_until_ready", re.compile(r"block_until_ready"), "0.1"),
    Term("PRNG keys", re.compile(r"\bjax\.random\.key\b|PRNGKey|\brandom\.split\b"), "0.5"),
)
_LESSON_LINK = re.compile(r"\]\(lesson:([^)\s#]+)")


def _linked_topics(text: str) -> set[str]:
    return {topic_of(page) for page in _LESSON_LINK.findall(text)}


def map_texts(chapter: Chapter) -> list[tuple[Path, str]]:
    """The chapter's texts in map order: each page, then each exercise placed after it
    (statement, then its hints joined, reported against its statement file)."""
    lessons = {lesson.id: lesson for lesson in chapter.lessons}
    exercises = {ex.id: ex for ex in [*chapter.exercises, *chapter.repairs]}
    texts: list[tuple[Path, str]] = []
    for item in chapter_items(chapter):
        if item.kind == "lesson":
            texts.append((lessons[item.id].path, lessons[item.id].body))
        elif item.kind in ("exercise", "repair"):
            ex = exercises[item.id]
            texts.append((ex.statement_path, ex.statement + "\n" + "\n".join(ex.hints)))
    return texts


def prerequisite_problems(course: Course) -> list[Problem]:
    problems: list[Problem] = []
    if not any(chapter.id == BASE_CHAPTER for chapter in course.chapters):
        return problems
    for chapter in course.chapters:
        if chapter.id == BASE_CHAPTER:
            continue
        pointed: set[str] = set()  # topics of chapter 0 this chapter has linked so far
        for path, text in map_texts(chapter):
            here = _linked_topics(text)
            for term in TERMS:
                if term.topic in pointed or term.topic in here:
                    continue
                if term.pattern.search(text):
                    problems.append(
                        Problem(
                            str(path),
                            "links",
                            f"first use of {term.name} in chapter {chapter.id}: link the page "
                            f"that teaches it, [§{term.topic}](lesson:{term.topic}), here or on "
                            "an earlier page of the chapter (its opening page names what the "
                            "chapter assumes)",
                        )
                    )
                    pointed.add(term.topic)  # one report per term and chapter
            pointed |= here
    return problems
