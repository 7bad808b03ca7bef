"""Validator rule for the words a chapter defines: every term of a chapter's glossary (the
`- **term**` entries under the heading `glossary.heading` of text_rules.<lang>.toml, `## Glossary`
in English, in its cheat sheet) is introduced where the chapter first uses it. Walking the chapter
along its map (pages, and each exercise's statement and hints where the exercise sits), the first
text whose prose uses the term links it to the cheat sheet, the term inside the link's text
(`[static argument](cheatsheet:6)`, `[AOT](cheatsheet:7)`), on that text or an earlier one of the
chapter. A Latin term matches as a whole word, in any case, plural included."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tutor.authoring.prerequisites import map_texts
from tutor.authoring.problems import Problem
from tutor.authoring.rule_words import rule_words
from tutor.authoring.text_rules import prose_of

if TYPE_CHECKING:
    from tutor.course.model import Chapter, Course

GLOSSARY_HEADS = {g: f"\n{rule_words(g).text('glossary.heading')}\n" for g in ("zh", "en")}
_ENTRY = re.compile(r"^- \*\*([^*]+)\*\*", re.M)


def glossary_terms(chapter: Chapter, lang: str) -> list[str]:
    head = GLOSSARY_HEADS.get(lang, GLOSSARY_HEADS["zh"])
    text = chapter.cheatsheet if chapter.cheatsheet_path is not None else ""
    return _ENTRY.findall(text.split(head, 1)[1]) if head in text else []


def _pattern(term: str) -> re.Pattern[str]:
    if term.isascii():
        return re.compile(r"(?<![\w-])" + re.escape(term) + r"(?:e?s)?(?![\w-])", re.IGNORECASE)
    return re.compile(re.escape(term))


def _linked(term: str, text: str) -> bool:
    inside = re.escape(term)
    return bool(re.search(r"\[[^\]]*" + inside + r"[^\]]*\]\(cheatsheet:", text, re.I))


def term_problems(course: Course) -> list[Problem]:
    problems: list[Problem] = []
    for chapter in course.chapters:
        waiting = {term: _pattern(term) for term in glossary_terms(chapter, course.lang)}
        for path, text in map_texts(chapter):
            prose = prose_of(text)
            for term, pattern in list(waiting.items()):
                if _linked(term, text):
                    del waiting[term]
                elif pattern.search(prose):
                    problems.append(
                        Problem(
                            str(path),
                            "glossary",
                            f"first use of {term!r} in chapter {chapter.id}: link it to the "
                            f"glossary here, [{term}](cheatsheet:{chapter.id}), or on an earlier "
                            "page of the chapter",
                        )
                    )
                    del waiting[term]  # one report per term and chapter
    return problems
