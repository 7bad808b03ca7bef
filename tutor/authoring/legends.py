"""Validator rules for the legend of a chapter's opening page (`<ch>.0`), the paragraphs that
tell a learner what the marks mean and which boxes may be skipped (the words and patterns of each
language are `legends.*` in text_rules.<lang>.toml):

- a mark the legend defines (`Boxes marked 🔍 …`, and so in Chinese) is used by some heading of
  the chapter, and the level the legend gives it agrees with the level its boxes carry: a mark
  called supplementary, extra or optional may not sit on a box marked 🟢, one called required
  not on a box marked ⚪ (6.0 once called its 🔍 boxes supplementary while most of them were
  🟢 required);
- where the ⚪ paragraph describes the boxes of a page it links (words in brackets or quotes
  next to the link), the description names every ⚪ box of that page, each part of the box's
  title (a1.0 once described a1.2b's box of four parts by two of them)."""

# The Chinese of the examples above (comments: Chinese stays out of the source's strings):
# a legend saying what the 🔍 boxes are, with the words for extra, optional and required
# (text_rules.zh.toml); 6.0 called its 🔍 boxes extra while most were 🟢 required; a1.0 named
# only two of the four parts of a box title.

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tutor.authoring.levels import OPTIONAL_MARK, optional_boxes
from tutor.authoring.problems import Problem
from tutor.authoring.rule_words import rule_words

if TYPE_CHECKING:
    from tutor.course.lesson import Lesson
    from tutor.course.model import Chapter, Course

CORE_MARK = "🟢"
_LANGS = ("zh", "en")
_WORDS = {lang: rule_words(lang) for lang in _LANGS}
_DEFINITION = {lang: _WORDS[lang].pattern("legends.definition") for lang in _LANGS}
_OPTIONAL_WORDS = {lang: _WORDS[lang].pattern("legends.optional_words") for lang in _LANGS}
_REQUIRED_WORDS = {lang: _WORDS[lang].pattern("legends.required_words") for lang in _LANGS}
_PAGE_LINK = re.compile(r"\[[^\]]*\]\(lesson:([^)\s#]+)\)")
# what a box's title holds besides its words: the marks, each language's level words, backticks
_TITLE_NOISE = re.compile(
    "|".join(["🔍|⚪|🟢", *(_WORDS[lang].text("legends.title_noise") for lang in _LANGS), "`"])
)
_PARTS = {lang: _WORDS[lang].pattern("legends.parts") for lang in _LANGS}
_LATIN = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
# characters of Chinese grammar: a pair of characters holding one is no key word
_FUNCTION_CHARS = set(_WORDS["zh"].text("legends.function_chars"))
_STOP = set(
    "the and for with once more into from that this what how one two why are its out "
    "until runs".split()
)


def legend_problems(course: Course) -> list[Problem]:
    problems: list[Problem] = []
    lang = course.lang if course.lang in _DEFINITION else "zh"
    for chapter in course.chapters:
        opening = next((p for p in chapter.lessons if p.id == f"{chapter.id}.0"), None)
        if opening is None:
            continue
        _marks_defined(chapter, opening, lang, problems)
        for paragraph in opening.body.split("\n\n"):
            if OPTIONAL_MARK in paragraph:
                _boxes_named(paragraph, opening, course, lang, problems)
    return problems


def _marks_defined(chapter: Chapter, opening: Lesson, lang: str, problems) -> None:
    text = re.sub(r"\s*\n\s*", " " if lang == "en" else "", opening.body)
    heads = [h.text for page in chapter.lessons for h in page.headings]
    for m in _DEFINITION[lang].finditer(text):
        mark, said = m.group(1), m.group(2)
        if mark in (OPTIONAL_MARK, CORE_MARK):
            continue  # the level marks themselves: levels.py keeps what they name true
        marked = [h for h in heads if mark in h]
        wrong = []
        if _OPTIONAL_WORDS[lang].search(said):
            wrong = [h for h in marked if CORE_MARK in h]
        elif _REQUIRED_WORDS[lang].search(said):
            wrong = [h for h in marked if OPTIONAL_MARK in h]
        if not marked:
            problems.append(
                Problem(
                    str(opening.path), "level", f"the legend defines {mark}: no heading uses it"
                )
            )
        elif wrong:
            problems.append(
                Problem(
                    str(opening.path),
                    "level",
                    f"the legend says {m.group(0).strip()!r}, but {len(wrong)} of the chapter's "
                    f"{len(marked)} boxes marked {mark} carry the other level (first: "
                    f"{wrong[0]!r})",
                )
            )


def _keywords(text: str) -> set[str]:
    words = {w.lower().rstrip("s") for w in _LATIN.findall(text)}
    words = {w for w in words if len(w) >= 3 and w not in _STOP}
    for run in _CJK_RUN.findall(text):
        words |= {
            run[i : i + 2] for i in range(len(run) - 1) if not _FUNCTION_CHARS & set(run[i : i + 2])
        }
    return words


def _boxes_named(paragraph: str, opening: Lesson, course: Course, lang: str, problems) -> None:
    links = list(_PAGE_LINK.finditer(paragraph))
    for n, link in enumerate(links):
        before = paragraph[links[n - 1].end() if n else 0 : link.start()]
        after = paragraph[link.end() : links[n + 1].start() if n + 1 < len(links) else None]
        described = re.match(r"\s*[((]", after) or re.search(
            '[“”"\u300c]', before + after
        )  # quotes: “ ” " 「
        if not described:
            continue  # the page is only named: nothing to get wrong
        said = _keywords(before + after)
        page = course.lesson(link.group(1))
        lines = page.path.read_text(encoding="utf-8").split("\n")
        for first, _ in optional_boxes(page):
            title = _TITLE_NOISE.sub("", lines[first - 1].lstrip("#"))
            missing = [
                part.strip()
                for part in _PARTS[lang].split(title)
                if _keywords(part) and not _keywords(part) & said
            ]
            if missing:
                problems.append(
                    Problem(
                        str(opening.path),
                        "level",
                        f"the ⚪ paragraph describes {page.id} without naming its box "
                        f"{title.strip()!r} (not named: {', '.join(missing)})",
                    )
                )
