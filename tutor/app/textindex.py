"""Full-text search over the course: every lesson page (prose and code), every exercise
statement and every chapter's cheat sheet. No Textual here: the search screen and the command
palette ask it, off the UI thread for the first build (reading every page takes a moment).

A query matches an entry when every word of it (case-insensitive) occurs in the entry's text;
Chinese has no spaces, so a Chinese query is one word and matches as a substring."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass

from rich.cells import cell_len

from tutor.linebreak import CLAUSE_ENDS, NO_LINE_END, NO_LINE_START

SNIPPET_CELLS = 60
_MARKUP = re.compile(r"[`*#>|]+|\]\([^)]*\)|\[")
_WORD_CHAR = re.compile(r"[\w.]")


@dataclass(frozen=True)
class Entry:
    kind: str  # "lesson" | "exercise" | "cheatsheet"
    id: str  # page id, exercise id, or chapter id
    title: str
    text: str
    folded: str  # text.lower(), kept for matching


@dataclass(frozen=True)
class Hit:
    kind: str
    id: str
    title: str
    snippet: str  # prose around the first match, plain text, about SNIPPET_CELLS cells
    score: float
    code: str = ""  # the word of an example's code that matched, when no prose did


def plain(line: str) -> str:
    """A Markdown line as plain words (no backticks, emphasis marks, link targets)."""
    return " ".join(_MARKUP.sub("", line).split())


def _may_cut(line: str, at: int) -> bool:
    """Whether a snippet may begin or end at `at` without cutting a word (the rules of
    tutor/linebreak.py: at a space, or next to a Chinese character, not before a closing mark
    nor after an opening one)."""
    if at <= 0 or at >= len(line):
        return True
    prev, ch = line[at - 1], line[at]
    if ch in NO_LINE_START or prev in NO_LINE_END:
        return False
    return prev == " " or ch == " " or cell_len(prev) == 2 or cell_len(ch) == 2


def around(line: str, at: int, length: int, before: int = SNIPPET_CELLS // 3) -> str:
    """`line` cut to about SNIPPET_CELLS cells around the match at `at` (`length` characters
    long), up to `before` cells of it before the match, only where no word is cut; a cut side is
    marked …."""
    cells = SNIPPET_CELLS
    if cell_len(line) <= cells:
        return line
    end_of_match = at + length
    start, clause = at, None
    for b in range(at, -1, -1):
        if cell_len(line[b:at]) > before:
            break
        if _may_cut(line, b):
            start = b
            if clause is None and 0 < b < at and line[b - 1] in CLAUSE_ENDS:
                clause = b  # better: begin where a clause does
    start = start if clause is None else clause
    end = next((e for e in range(end_of_match, len(line) + 1) if _may_cut(line, e)), len(line))
    for e in range(end, len(line) + 1):  # then as much after it as fits
        if cell_len(line[start:e]) > cells:
            break
        if _may_cut(line, e):
            end = e
    shown = line[start:end].strip()
    return ("…" if start > 0 else "") + shown + ("…" if end < len(line) else "")


def _blocks(text: str) -> list[tuple[bool, list[str]]]:
    """The text's runs of lines, prose (False) or inside a code fence (True), fences left out."""
    out: list[tuple[bool, list[str]]] = [(False, [])]
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            out.append((not out[-1][0], []))
        else:
            out[-1][1].append(line)
    return out


def code_word(code: str, at: int, length: int) -> str:
    """The code that matched, grown to the whole name or number it is part of (7.2 in
    `{x:7.2f}` is 7.2f): a word of the code, not the code around it."""
    start, end = at, at + length
    while start > 0 and _WORD_CHAR.match(code[start - 1]):
        start -= 1
    while end < len(code) and _WORD_CHAR.match(code[end]):
        end += 1
    return code[start:end]


def visible(text: str) -> str:
    """What a reader sees of a Markdown text, and so what a search matches: the prose's words
    (not its link targets or markup) and the code as written."""
    return "\n".join(
        line if in_code else plain(line) for in_code, lines in _blocks(text) for line in lines
    )


def snippet(text: str, query: str) -> tuple[str, str]:
    """(prose, code word) for where the query's words first occur: the words around them where
    the prose has them (the whole query as written, else a line with every word, else the first
    word; link targets and markup are no prose); else the code word of the first one, with the
    prose just before that example (after it, at a page's start) for context."""
    terms = query.lower().split()
    blocks = _blocks(text)
    prose = [plain(line) for in_code, lines in blocks if not in_code for line in lines]
    phrase = " ".join(terms)
    for wanted in (phrase, *terms[:1]):
        for line in prose:
            folded = line.lower()
            if wanted in folded and (wanted != terms[0] or all(t in folded for t in terms)):
                return around(line, folded.find(wanted), len(wanted)), ""
    for line in prose:
        at = line.lower().find(terms[0])
        if at >= 0:
            return around(line, at, len(terms[0])), ""
    term = terms[0]
    for n, (in_code, lines) in enumerate(blocks):
        code = "\n".join(lines) if in_code else ""
        at = code.lower().find(term)
        if at < 0:
            continue
        word = code_word(code, at, len(term))
        before = [x for p, ls in reversed(blocks[:n]) if not p for x in reversed(ls) if x.strip()]
        if before:  # the words that lead into the example: the end of the line before it
            line = plain(before[0])
            return around(line, len(line), 0, before=SNIPPET_CELLS), word
        after = [x for p, ls in blocks[n + 1 :] if not p for x in ls if x.strip()]
        return (around(plain(after[0]), 0, 0) if after else ""), word
    return "", ""


def course_entries(course) -> list[Entry]:
    out: list[Entry] = []

    def add(kind, item_id, title, text):
        if text:
            out.append(Entry(kind, item_id, title, text, visible(text).lower()))

    for chapter in course.chapters:
        for lesson in chapter.lessons:
            parts = [
                seg.prose if seg.block is None else f"```\n{seg.block.code.rstrip()}\n```"
                for seg in lesson.segments
            ]
            add("lesson", lesson.id, lesson.title, "\n".join(parts))
        for ex in [*chapter.exercises, *chapter.repairs]:
            add("exercise", ex.id, ex.title, ex.statement)
        add("cheatsheet", chapter.id, chapter.short_title, chapter.cheatsheet or "")
    return out


class TextIndex:
    """Built once, on first use (from any thread)."""

    def __init__(self, course):
        self.course = course
        self._entries: list[Entry] | None = None
        self._lock = threading.Lock()

    @property
    def entries(self) -> list[Entry]:
        with self._lock:
            if self._entries is None:
                self._entries = course_entries(self.course)
            return self._entries

    @property
    def ready(self) -> bool:
        return self._entries is not None

    def find(self, query: str, limit: int = 60, kinds: tuple[str, ...] | None = None) -> list[Hit]:
        terms = query.lower().split()
        if not terms:
            return []
        hits = []
        for n, e in enumerate(self.entries):
            if kinds is not None and e.kind not in kinds:
                continue
            if not all(term in e.folded for term in terms):
                continue
            in_title = sum(term in e.title.lower() or term == e.id.lower() for term in terms)
            count = sum(min(e.folded.count(term), 10) for term in terms)
            score = in_title * 10 + count - n * 1e-4  # ties: course order
            prose, code = snippet(e.text, query)
            hits.append(Hit(e.kind, e.id, e.title, prose, score, code))
        hits.sort(key=lambda h: -h.score)
        return hits[:limit]
