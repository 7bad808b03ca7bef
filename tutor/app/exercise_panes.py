"""The exercise workspace's side panes that show what the session decided and recorded: the hints
revealed so far, the reference solution (locked until a pass or a confirmed give-up) and the
attempt history. The rules (what is revealed, what unlocks, what is recorded) live in
tutor.application.session; these widgets only draw."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Markdown, Static

from tutor.app.editor import CodeEditor
from tutor.app.prose import ProseMarkdown
from tutor.app.verdict_view import history_row
from tutor.application.session import Attempt
from tutor.words.catalog import t

if TYPE_CHECKING:
    from textual.widgets import DataTable


def hints_markdown(revealed: list[str], total: int) -> str:
    parts = [
        f"**{t('app.ex.hint_n', n=i + 1, total=total)}**\n\n{h}" for i, h in enumerate(revealed)
    ]
    if not parts:
        parts.append(t("app.ex.no_hints"))
    elif len(revealed) < total:
        parts.append("*" + t("app.ex.hint_more", n=total - len(revealed)) + "*")
    else:
        parts.append("*" + t("app.ex.hints_all") + "*")
    return "\n\n---\n\n".join(parts)


class HintsPane(VerticalScroll):
    def compose(self) -> ComposeResult:
        yield ProseMarkdown("", id="hints", open_links=False)

    @property
    def filled(self) -> bool:
        return bool(self.query_one("#hints", Markdown).source)

    def show(self, revealed: list[str], total: int) -> None:
        self.query_one("#hints", Markdown).update(hints_markdown(revealed, total))


class SolutionPane(Vertical):
    _source: str | None = None  # the solution, once unlocked

    def compose(self) -> ComposeResult:
        yield Static(t("app.ex.solution_locked"), id="solution-locked")
        yield CodeEditor("", read_only=True, id="solution", language=None)

    def show_locked(self) -> None:
        self.query_one("#solution-locked").display = True
        self.query_one("#solution").display = False

    def show_source(self, source: str, *, now: bool = False) -> None:
        """Unlock: the solution is put in its editor when the tab is first shown (or `now`), so
        that a pass does not pay for a Python editor the learner may never open."""
        self.query_one("#solution-locked").display = False
        self.query_one("#solution", CodeEditor).display = True
        self._source = source
        if now or self.is_on_screen:
            self._fill()

    def on_show(self) -> None:
        self._fill()

    def _fill(self) -> None:
        source = self._source
        editor = self.query_one("#solution", CodeEditor)
        if source is not None and editor.text != source:
            editor.language = "python"
            editor.load_text(source)


class HistoryPane(Vertical):
    """The attempts recorded, newest first. Its table is made after the workspace's first frame
    (`make_table`: a DataTable is costly to build) and refilled after each run."""

    table: DataTable[object] | None = None

    def make_table(self) -> None:
        from textual.widgets import DataTable

        self.table = DataTable(id="history", cursor_type="row", zebra_stripes=True)
        self.table.add_columns(
            t("app.ex.col.when"),
            t("app.ex.col.status"),
            t("app.ex.col.duration"),
            t("app.ex.col.failing"),
        )
        self.mount(self.table)

    def show(self, attempts: Sequence[Attempt]) -> None:
        if self.table is None:
            return
        self.table.clear()
        for attempt in reversed(attempts):
            self.table.add_row(*history_row(attempt))
