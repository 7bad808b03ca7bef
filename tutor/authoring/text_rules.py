"""The rules every learner-facing text follows, in either language: links that lead somewhere,
math in Unicode (no $…$), no mention of a source, no emphasis mark left showing; Chinese text
keeps the mixed-script spacing rule (spacing.py), English text its own (validate_languages.py);
a page of either language stays within MAX_PAGE_LINES source lines."""

from __future__ import annotations

import re
from collections.abc import Container

from tutor.authoring import emphasis, spacing
from tutor.authoring.problems import Problem
from tutor.authoring.rule_words import rule_words
from tutor.course.lesson import Lesson
from tutor.course.markdown import segments
from tutor.course.model import Course

_LINK = re.compile(r"\]\((exercise|lesson|quiz|cheatsheet):([^)\s]+)\)")
_INLINE_CODE = re.compile(r"`+[^`]*`+")
_TEX = re.compile(r"\$\$|\$[^\s$][^$\n]*\$")
# a source named, or a claim from elsewhere corrected that the learner never saw
_SOURCE_WORDS = re.compile(
    "|".join(re.escape(w) for g in ("zh", "en") for w in rule_words(g).words("sources.words")), re.I
)


def check_links(text: str, where: str, course: Course, problems: list[Problem]) -> None:
    for kind, target in _LINK.findall(text):
        if kind == "lesson":
            ok = target in course.lessons or bool(course.topic_pages(target))
        else:
            ids: dict[str, Container[str]] = {
                "exercise": course.exercises,
                "quiz": course.quizzes,
                "cheatsheet": course.chapter_by_id,
            }
            ok = target in ids[kind]
        if not ok:
            problems.append(Problem(where, "link", f"{kind}:{target} does not exist"))


def prose_of(markdown: str) -> str:
    """The prose of a Markdown text: code blocks and inline code removed."""
    return "\n".join(
        _INLINE_CODE.sub("", seg.prose) for seg in segments(markdown) if seg.block is None
    )


def check_text(
    text: str,
    where: str,
    field: str,
    problems: list[Problem],
    *,
    markdown: bool = True,
    lang: str = "zh",
) -> None:
    """Rules for every learner-facing text: math in Unicode (no $…$), no mention of a source,
    no emphasis mark left showing; Chinese keeps the spacing rule, English has neither a
    Chinese character nor full-width punctuation (code blocks included: their comments and
    printed words are the reader's too)."""
    if lang == "en":
        problems.extend(Problem(where, field, found) for found in english_problems(text))
    prose = prose_of(text) if markdown else text
    tex = _TEX.search(prose) if markdown else None
    if tex:
        problems.append(
            Problem(
                where,
                field,
                f"raw LaTeX {tex.group(0)[:30]!r}: write math in Unicode or in a code block",
            )
        )
    if markdown and lang == "zh":
        for found in spacing.markdown_problems(text):
            problems.append(Problem(where, field, f"spacing: {found}"))
    if markdown:
        for found in emphasis.leftover_marks(text):
            problems.append(Problem(where, field, f"emphasis: {found}"))
    m = _SOURCE_WORDS.search(text)
    if m:
        problems.append(
            Problem(where, field, f"learner-facing text mentions a source ({m.group(0)!r})")
        )


_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# CJK symbols and punctuation (、。「」《》【】 …) and the full-width forms (,:;!?() …)
_FULL_WIDTH = re.compile("[\u3000-\u303f\uff00-\uffef]")


def english_problems(text: str) -> list[str]:
    """What English text must not hold: a Chinese character, full-width punctuation."""
    found = []
    for pattern, what in ((_HAN, "a Chinese character"), (_FULL_WIDTH, "full-width punctuation")):
        m = pattern.search(text)
        if m:
            at = m.start()
            excerpt = text[max(0, at - 12) : at + 12].replace("\n", "⏎")
            n = len(pattern.findall(text))
            found.append(f"English text holds {what} ({n} in all), first: {excerpt!r}")
    return found


MAX_PAGE_LINES = 200


def check_length(lesson: Lesson, where: str, problems: list[Problem]) -> None:
    """A page (in either language) stays within MAX_PAGE_LINES source lines."""
    if lesson.source_lines > MAX_PAGE_LINES:
        problems.append(
            Problem(
                where,
                "length",
                f"{lesson.source_lines} source lines; a page stays under "
                f"{MAX_PAGE_LINES} (split it into sub-pages, see lessons/README.md)",
            )
        )
