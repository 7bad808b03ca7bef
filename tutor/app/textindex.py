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

SNIPPET_CELLS = 60
_MARKUP = re.compile(r"[`*#>|]+|\]\([^)]*\)|\[")


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
    snippet: str  # the line of the first match, plain text, cut to about SNIPPET_CELLS cells
    score: float


def plain(line: str) -> str:
    """A Markdown line as plain words (no backticks, emphasis marks, link targets)."""
    return " ".join(_MARKUP.sub("", line).split())


def _cut(text: str, cells: int) -> str:
    out: list[str] = []
    used = 0
    for ch in text:
        w = cell_len(ch)
        if used + w > cells:
            return "".join(out) + "…"
        out.append(ch)
        used += w
    return "".join(out)


def snippet(text: str, term: str) -> str:
    """The line of `text` where `term` first occurs, trimmed around it."""
    folded = text.lower()
    at = folded.find(term)
    if at < 0:
        return ""
    start = folded.rfind("\n", 0, at) + 1
    end = folded.find("\n", at)
    line = text[start : end if end >= 0 else len(text)]
    offset = at - start
    if offset > SNIPPET_CELLS // 2:  # keep the match in view on long lines
        line = "…" + line[offset - SNIPPET_CELLS // 4 :]
    in_code = ("\n" + text[:start]).count("\n```") % 2 == 1  # code keeps its [ ] and **
    return _cut(" ".join(line.split()) if in_code else plain(line), SNIPPET_CELLS)


def course_entries(course) -> list[Entry]:
    out: list[Entry] = []

    def add(kind, item_id, title, text):
        if text:
            out.append(Entry(kind, item_id, title, text, text.lower()))

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
            hits.append(Hit(e.kind, e.id, e.title, snippet(e.text, terms[0]), score))
        hits.sort(key=lambda h: -h.score)
        return hits[:limit]
