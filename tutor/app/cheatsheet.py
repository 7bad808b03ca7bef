"""The cheat sheet of a chapter (Chapter.cheatsheet Markdown), searchable: the search keeps the
sections (and table rows) that mention the query."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Markdown, Static

from tutor.app.keybar import KeyBar
from tutor.app.placeheader import PlaceHeader
from tutor.app.prose import ProseMarkdown
from tutor.app.typed_app import tutor_app
from tutor.course.markdown import headings
from tutor.terminal_text import literal
from tutor.words.catalog import t

_TABLE_RULE = re.compile(r"^\s*\|[\s:|-]+\|\s*$")


def filter_markdown(text: str, query: str) -> tuple[str, int]:
    """The sections of `text` that contain `query` (case-insensitive); inside a matching table
    only the header and the matching rows are kept. Returns (markdown, number of matches)."""
    q = query.strip().lower()
    if not q:
        return text, 0
    lines_all = text.split("\n")
    starts = [h.line - 1 for h in headings(text) if h.level <= 4]  # outside code, per CommonMark
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    sections = [
        "\n".join(lines_all[a:b])
        for a, b in zip(starts, starts[1:] + [len(lines_all)], strict=True)
    ]
    kept, hits = [], 0
    for sec in sections:
        n = sec.lower().count(q)
        if not n:
            continue
        hits += n
        lines = sec.split("\n")
        out = []
        for i, line in enumerate(lines):
            is_row = line.lstrip().startswith("|")
            header = is_row and (
                i + 1 < len(lines) and _TABLE_RULE.match(lines[i + 1]) or _TABLE_RULE.match(line)
            )
            if (
                is_row
                and not header
                and q not in line.lower()
                and i > 0
                and lines[i - 1].lstrip().startswith("|")
            ):
                continue
            out.append(line)
        kept.append("\n".join(out))
    return "\n\n".join(kept), hits


class CheatSheetScreen(Screen):
    CSS_PATH = "cheatsheet.tcss"
    OVERLAY = True  # shown over where the learner is; Esc goes back there
    BINDINGS = [
        Binding("slash", "search", "app.key.search"),
        Binding("escape", "back", "app.key.back"),
        Binding("right_square_bracket", "chapter(1)", "app.key.next"),
        Binding("left_square_bracket", "chapter(-1)", "app.key.prev"),
    ]

    def __init__(self, chapter_id: str):
        super().__init__()
        self.chapter_id = chapter_id
        self.find: str | None = None  # words to filter by, from a search hit

    def compose(self) -> ComposeResult:
        yield PlaceHeader()
        yield Input(placeholder=t("app.cheat.search"), id="cheat-search")
        yield Static("", id="cheat-status")
        with VerticalScroll(id="cheat-page"):
            yield ProseMarkdown("", id="cheat", open_links=False)
        yield KeyBar()

    def on_mount(self) -> None:
        if self.find:  # opened from a search hit: filtered by its words
            self.query_one("#cheat-search", Input).value = self.find
        self.load()

    def load(self) -> None:
        chapter = tutor_app(self).course.chapter_by_id[self.chapter_id]
        self.title = t("app.cheat.title", title=chapter.title)
        self.source = chapter.cheatsheet or t("app.cheat.none")
        self.apply(self.query_one("#cheat-search", Input).value)
        self.query_one("#cheat-page").focus()

    def apply(self, query: str) -> None:
        text, hits = filter_markdown(self.source, query)
        status = self.query_one("#cheat-status", Static)
        if query.strip() and not hits:
            status.update(literal(t("app.cheat.no_match", q=query.strip())))
            text = ""
        elif query.strip():
            status.update(literal(t("app.cheat.matches", q=query.strip(), n=hits)))
        else:
            status.update("")
        self.query_one("#cheat", Markdown).update(text)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.apply(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#cheat-page").focus()

    def action_search(self) -> None:
        self.query_one("#cheat-search", Input).focus()

    def action_chapter(self, step: int) -> None:
        self.chapter_id = tutor_app(self).session.chapter_beside(self.chapter_id, step)
        self.load()

    def action_back(self) -> None:
        search = self.query_one("#cheat-search", Input)
        if search.has_focus and search.value:
            search.value = ""
            return
        tutor_app(self).go_back()

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        event.stop()
        tutor_app(self).open_link(event.href)
