"""The scrollable diff of the selected check that did not pass (drawn by tutor/app/detail_diff.py,
imported when the first check is shown: an exercise opens without the detail classes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import VerticalScroll
from textual.widgets import Static

from tutor.terminal_text import sanitize_all
from tutor.words.catalog import t

if TYPE_CHECKING:
    from tutor.protocol.result import CheckOutcome, ErrorInfo


class DiffView(VerticalScroll):
    """Scrollable diff of the selected failing check."""

    def compose(self):
        yield Static(t("app.ex.diff_after_run"), id="diff-body")

    def show(self, check: CheckOutcome | None, empty: str | None = None) -> None:
        """The diff of `check`; with none, `empty` (what is true of the run shown)."""
        from tutor.app.detail_diff import render_detail

        body = self.query_one("#diff-body", Static)
        check = sanitize_all(check)  # learner text (names, messages, values) shown, never acted on
        body.update(render_detail(check) if check is not None else empty or "")
        self.scroll_home(animate=False)

    def show_error(self, error: ErrorInfo) -> None:
        from tutor.app.detail_diff import render_error

        self.query_one("#diff-body", Static).update(render_error(sanitize_all(error)))
        self.scroll_home(animate=False)
