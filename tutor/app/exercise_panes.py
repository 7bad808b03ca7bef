"""The exercise workspace's side panes that show what the session decided and recorded: the hints
revealed so far, the reference solution (locked until a pass or a confirmed give-up) and the
attempt history. The rules (what is revealed, what unlocks, what is recorded) live in
tutor.application.session; these widgets only draw."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Markdown, Static

from tutor.app.cjkwrap import wrap_text
from tutor.app.editor import CodeEditor
from tutor.app.prose import ProseMarkdown
from tutor.app.verdict_view import history_row
from tutor.application.session import Attempt
from tutor.linebreak import wrapped_lines
from tutor.terminal_text import literal
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
    (`make_table`: a DataTable is costly to build) and refilled after each run. It fits its pane:
    the failing checks wrap in their column; where that column would be too narrow to read, the
    table has two columns, the checks under each attempt's result."""

    table: DataTable[object] | None = None
    _attempts: Sequence[Attempt] = ()
    _layout: tuple[int, int] | None = None  # (columns, failing checks' width) last drawn

    def make_table(self) -> None:
        from textual.widgets import DataTable

        self.table = DataTable(id="history", cursor_type="row", zebra_stripes=True)
        self.mount(self.table)

    def show(self, attempts: Sequence[Attempt]) -> None:
        self._attempts = attempts
        self._layout = None
        self._fill()

    def on_resize(self, _event) -> None:
        if self._layout is not None and self._fit() != self._layout:
            self._fill()

    def _fit(self) -> tuple[int, int]:
        """(4, width of the failing checks) when four columns fit, else (2, width of the
        result column, the time then on two lines when the pane is too narrow for it on one)."""
        table = self.table
        assert table is not None
        rows = [history_row(a) for a in self._attempts]
        room = (table.size.width or self.size.width) - HISTORY_SCROLLBAR
        pad = 2 * table.cell_padding
        widths = [
            max([cell_len(t(f"app.ex.col.{name}")), *(cell_len(str(r[n])) for r in rows)])
            for n, name in enumerate(HISTORY_COLUMNS[:3])
        ]
        failing = room - sum(widths) - 4 * pad
        if failing >= max(HISTORY_MIN_CELLS, cell_len(t("app.ex.col.failing"))):
            return 4, failing
        result = room - widths[0] - 2 * pad
        if result < 2 * HISTORY_MIN_CELLS:  # the date over the time
            time = max((cell_len(p) for r in rows for p in r[0].split()), default=0)
            result = room - max(time, cell_len(t("app.ex.col.when"))) - 2 * pad
        return 2, max(HISTORY_MIN_CELLS, result)

    def _fill(self) -> None:
        if self.table is None:
            return
        table = self.table
        self._layout = columns, width = self._fit()
        table.clear(columns=True)
        if columns == 4:
            table.add_columns(*(t(f"app.ex.col.{name}") for name in HISTORY_COLUMNS))
        else:
            table.add_column(t("app.ex.col.when"))
            table.add_column(t("app.ex.col.status"), width=width)
        for attempt in reversed(self._attempts):
            when, status, secs, failing = history_row(attempt)
            if columns == 2:  # the result, then the failing checks under it
                status = wrap_text(status.copy().append(f" · {secs}"), width)
                cells = [when, Text("\n").join([status, *map(literal, wrapped(failing, width))])]
                room = (table.size.width or self.size.width) - HISTORY_SCROLLBAR
                if cell_len(when) + width + 4 * table.cell_padding > room:
                    cells[0] = when.replace(" ", "\n")
            else:
                cells = [when, status, secs, literal("\n".join(wrapped(failing, width)))]
            height = max(str(cell).count("\n") + 1 for cell in cells)
            table.add_row(*cells, height=height)


def wrapped(text: str, width: int) -> list[str]:
    return wrapped_lines(text, width) if text else []


HISTORY_COLUMNS = ("when", "status", "duration", "failing")
HISTORY_MIN_CELLS = 12  # a narrower column of check names takes a row per word
HISTORY_SCROLLBAR = 2
