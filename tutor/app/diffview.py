"""The scrollable diff of the selected check that did not pass (drawn by tutor/app/detail_diff.py,
imported when the first check is shown: an exercise opens without the detail classes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from tutor.app.cjkwrap import Wrapped
from tutor.terminal_text import sanitize_all
from tutor.words.catalog import t

if TYPE_CHECKING:
    from tutor.protocol.result import CheckOutcome, ErrorInfo


def wrapped(shown: RenderableType) -> RenderableType:
    """`shown` with its text (a sentence, or the texts of a group) broken the Chinese way at the
    pane's width (tutor/app/cjkwrap.py); tables stay as they are."""
    if isinstance(shown, str):
        return Wrapped(Text(shown))
    if isinstance(shown, Text):
        return Wrapped(shown)
    if isinstance(shown, Group):
        return Group(
            *(wrapped(part) if isinstance(part, Text) else part for part in shown.renderables)
        )
    return shown


class DiffView(VerticalScroll):
    """Scrollable diff of the selected failing check."""

    def compose(self):
        yield Static(wrapped(t("app.ex.diff_after_run")), id="diff-body")

    def show(self, check: CheckOutcome | None, empty: str | None = None) -> None:
        """The diff of `check`; with none, `empty` (what is true of the run shown)."""
        from tutor.app.detail_diff import render_detail

        body = self.query_one("#diff-body", Static)
        check = sanitize_all(check)  # learner text (names, messages, values) shown, never acted on
        body.update(wrapped(render_detail(check) if check is not None else empty or ""))
        self.scroll_home(animate=False)

    def show_error(self, error: ErrorInfo) -> None:
        from tutor.app.detail_diff import render_error

        self.query_one("#diff-body", Static).update(wrapped(render_error(sanitize_all(error))))
        self.scroll_home(animate=False)
