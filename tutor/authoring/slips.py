"""Validator rules against slips a learner trips on, in either language (the course as loaded
in that language; the words and patterns of each language are in text_rules.<lang>.toml):

- a reference to a section or an exercise in prose resolves: "section 6.8" names a page, a
  topic or a numbered section heading of the chapter (`## 2.4 …`), "exercise 6.1" an exercise
  (so "exercise 2 of section 6.8" and "section 1.7" in chapter a1 are refused);
- a count of quiz questions stated next to a `quiz:<ch>` link matches the quiz: "11
  multiple-choice questions" its choice questions, "open" ones its self-marked ones, "N
  questions" all of them;
- a chapter with repair exercises says so on its opening page (`<ch>.0`) and its summary
  (`<ch>.9`): the word "repair" (or its Chinese one), or a link to one;
- a chapter that marks a numbered section (`## 1.4 … 🟢`) marks every `##` section of its topic
  pages (🟢 or ⚪), so that a learner can tell every section's level;
- a text (its code comments too) calls nothing a bug of JAX, XLA or a device ("CPU bug probe")
  unless it links the upstream report: the course states what the installed JAX does, and a
  bug the learner is never shown is a claim nobody checked;
- the rules of tutor/authoring/legends.py (an opening page's legend) and forward_uses.py (an
  exercise using what its chapter teaches only later)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from tutor.authoring.forward_uses import forward_use_problems
from tutor.authoring.legends import legend_problems
from tutor.authoring.problems import Problem
from tutor.authoring.rule_words import rule_words
from tutor.authoring.text_rules import prose_of
from tutor.course.model import Chapter, Course

_LINK_TEXT = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_ZH, _EN = rule_words("zh"), rule_words("en")
_SECTION = {lang: rule_words(lang).pattern("slips.section") for lang in ("zh", "en")}
_EXERCISE = {lang: rule_words(lang).pattern("slips.exercise") for lang in ("zh", "en")}
_NUMBERED_HEADING = re.compile(r"^#{2,6} ([a-z]?\d+(?:\.\d+)+)\b", re.M)
_HEADING = re.compile(r"^## (.+)$", re.M)
_MARK = re.compile("🟢|⚪")
_WORDS = _EN.words("slips.numbers")
_NUMERALS, _TEN = _ZH.text("slips.numerals"), _ZH.text("slips.ten")


def _number(word: str) -> int | None:
    """A count as written: 11, eleven, or in Chinese numerals; None for a word that is no
    number."""
    if word.isdigit():
        return int(word)
    digits = _NUMERALS
    if word and all(c in digits + _TEN for c in word):
        if _TEN not in word:
            return digits.index(word)
        tens, _, ones = word.partition(_TEN)
        return (digits.index(tens) if tens else 1) * 10 + (digits.index(ones) if ones else 0)
    return _WORDS.index(word.lower()) if word.lower() in _WORDS else None


_COUNT = {lang: rule_words(lang).pattern("slips.count") for lang in ("zh", "en")}
_KIND_OF = {**_ZH.table("slips.kinds"), **_EN.table("slips.kinds")}
# a bug of JAX, XLA or a device claimed in either language (English first)
_BUG_CLAIM = re.compile(
    "|".join(rule_words(lang).text("slips.bug_claim") for lang in ("en", "zh")), re.I
)
_UPSTREAM_REPORT = re.compile(r"github\.com/(?:google|jax-ml|openxla)/\w+/issues/\d+")
_REPAIR_WORDS = {lang: tuple(rule_words(lang).words("slips.repair_words")) for lang in ("zh", "en")}


def shown(markdown: str, lang: str) -> str:
    """The prose a learner reads: code left out, links by their text, a line break joined the way
    the reader joins it (nothing between Chinese text, a space in English)."""
    text = _LINK_TEXT.sub(r"\1", prose_of(markdown))
    return re.sub(r"[ \t]*\n[ \t]*", "" if lang == "zh" else " ", text)


def _texts(chapter: Chapter) -> Iterator[tuple[Path, str]]:
    for lesson in chapter.lessons:
        yield lesson.path, lesson.body
    for ex in [*chapter.exercises, *chapter.repairs]:
        yield ex.statement_path, ex.statement + "\n\n" + "\n\n".join(ex.hints)
        path = ex.folder / ("explanation.en.md" if ex.lang == "en" else "explanation.md")
        if path.is_file():
            yield path, path.read_text(encoding="utf-8")
    if chapter.cheatsheet_path is not None and chapter.cheatsheet_path.is_file():
        yield chapter.cheatsheet_path, chapter.cheatsheet


def slip_problems(course: Course) -> list[Problem]:
    problems: list[Problem] = []
    lang = course.lang if course.lang in _SECTION else "zh"
    places = set(course.lessons) | {page.topic_id for page in course.lessons.values()}
    for chapter in course.chapters:
        headings = {
            m for page in chapter.lessons for m in _NUMBERED_HEADING.findall(prose_of(page.body))
        }
        for path, text in _texts(chapter):
            _references(shown(text, lang), str(path), lang, places | headings, course, problems)
            _counts(text, str(path), lang, course, problems)
            _bug_claims(text, str(path), problems)
        _repairs_named(chapter, lang, problems)
        _section_marks(chapter, problems)
    problems.extend(legend_problems(course))
    problems.extend(forward_use_problems(course))
    return problems


def _bug_claims(text: str, where: str, problems: list[Problem]) -> None:
    for claim in _claims(text):
        problems.append(
            Problem(
                where,
                "text",
                f"{claim!r} claims a bug the text never shows: say what the installed JAX "
                "does (and check it), or link the upstream report",
            )
        )


# a pure function of the text (one search through many phrases), kept per text: the tests
# validate many copies of one course
@lru_cache(maxsize=4096)
def _claims(text: str) -> tuple[str, ...]:
    if _UPSTREAM_REPORT.search(text):
        return ()
    return tuple(m.group(0) for m in _BUG_CLAIM.finditer(text))


def _references(text, where, lang, places, course, problems) -> None:
    for m in _SECTION[lang].finditer(text):
        if m.group(1) not in places:
            problems.append(
                Problem(where, "text", f"{m.group(0)!r} names no page, topic or section")
            )
    for m in _EXERCISE[lang].finditer(text):
        if m.group(1) not in course.exercises:
            problems.append(Problem(where, "text", f"{m.group(0)!r} names no exercise"))


def _counts(markdown: str, where: str, lang: str, course: Course, problems) -> None:
    """Each paragraph or list item that links a quiz states its question counts truly."""
    for part in re.split(r"\n\s*\n|\n(?=\s*[-*] |\s*\d+\. )", markdown):
        for chapter_id in re.findall(r"\]\(quiz:([^)\s]+)\)", part):
            quiz = course.quizzes.get(chapter_id)
            if quiz is None:
                continue  # text_rules.check_links names it
            kinds = [q.kind for q in quiz.questions]
            for m in _COUNT[lang].finditer(shown(part, lang)):
                said = _number(m.group(1))
                if said is None:
                    continue
                kind = _KIND_OF.get((m.group(2) or "").strip().lower())
                true = len(kinds) if kind is None else kinds.count(kind)
                if said != true:
                    problems.append(
                        Problem(
                            where,
                            "text",
                            f"{m.group(0)!r}: quiz {chapter_id} has {true} such questions "
                            f"({kinds.count('choice')} choice, {kinds.count('open')} open)",
                        )
                    )


def _repairs_named(chapter: Chapter, lang: str, problems: list[Problem]) -> None:
    if not chapter.repairs:
        return
    repair_ids = {ex.id for ex in chapter.repairs}
    for page in chapter.lessons:
        if page.id not in (f"{chapter.id}.0", f"{chapter.id}.9"):
            continue
        linked = set(re.findall(r"\]\(exercise:([^)\s]+)\)", page.body)) & repair_ids
        text = shown(page.body, lang).lower()
        if not linked and not any(word in text for word in _REPAIR_WORDS[lang]):
            problems.append(
                Problem(
                    str(page.path),
                    "text",
                    f"chapter {chapter.id} has {len(chapter.repairs)} repair exercises: its "
                    f"opening page and its summary say what they are ({_REPAIR_WORDS[lang][0]!r})",
                )
            )


def _section_marks(chapter: Chapter, problems: list[Problem]) -> None:
    pages = [p for p in chapter.lessons if p.id not in (f"{chapter.id}.0", f"{chapter.id}.9")]
    heads = [(p, h) for p in pages for h in _HEADING.findall(prose_of(p.body))]
    if not any(_MARK.search(h) and _NUMBERED_HEADING.match("## " + h) for _, h in heads):
        return
    for page, heading in heads:
        if not _MARK.search(heading):
            problems.append(
                Problem(
                    str(page.path),
                    "text",
                    f"section {heading!r} has no level mark (🟢 / ⚪): the chapter marks its "
                    "sections, every one of them",
                )
            )
