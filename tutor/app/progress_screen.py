"""The progress screen: per chapter and per exercise — status, attempts, hints used, time spent,
solved date — and an overall bar. Per chapter also the calibration of the learner's predictions
(right/made of the chapter's predict blocks, first guesses only) and the repair exercises passed,
counted apart from the main exercises."""

from __future__ import annotations

import time

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable

from tutor.app.cjkwrap import WrapStatic
from tutor.app.keybar import KeyBar
from tutor.app.placeheader import PlaceHeader
from tutor.app.typed_app import tutor_app
from tutor.application import progress as P
from tutor.application.progress import bar
from tutor.linebreak import wrapped_lines
from tutor.terminal_text import literal
from tutor.words.catalog import t

COLUMNS = ("chapter", "id", "title", "status", "attempts", "hints", "time", "solved")
TITLE = COLUMNS.index("title")
MIN_TITLE_CELLS = 10  # narrower, a title would take a row per word
SCROLLBAR_CELLS = 2  # the table's vertical scrollbar


class ProgressScreen(Screen):
    CSS_PATH = "progress.tcss"
    OVERLAY = True  # shown over where the learner is; Esc goes back there
    BINDINGS = [Binding("escape", "back", "app.key.back")]
    _rows: list[tuple] = []  # the table's cells, the titles unwrapped
    _filled_width = 0  # the titles' width the table was last filled for

    def compose(self) -> ComposeResult:
        yield PlaceHeader()
        yield WrapStatic("", id="progress-summary")
        yield DataTable(id="progress-table", zebra_stripes=True, cursor_type="row")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = t("app.progress.title")
        self.sub_title = ""
        self.refresh_table()
        self.query_one("#progress-table").focus()

    def refresh_table(self) -> None:
        app = tutor_app(self)
        course, progress = app.course, app.session.progress()
        overall = progress.overall()
        summary = Text(f"{t('app.map.overall')}  ", style="bold")
        summary.append(bar(overall.done, overall.total, 30), style=P.style("done"))
        summary.append(f"  {overall.done}/{overall.total} ({overall.percent}%)\n")
        for chapter in course.chapters:
            c = progress.chapter(chapter)
            summary.append(
                f"{t('app.map.chapter', id=chapter.id)} {chapter.short_title}  ", style="bold"
            )
            summary.append(bar(c.done, c.total, 12), style=P.style("done"))
            summary.append(f" {c.done}/{c.total}  ")
            summary.append(t("app.progress.lessons", read=c.lessons_read, total=c.lessons) + " · ")
            summary.append(
                t("app.progress.exercises", passed=c.exercises_passed, total=c.exercises)
            )
            if chapter.quiz is not None:
                summary.append(
                    " · "
                    + t("app.kind.quiz")
                    + " "
                    + t("app.map.quiz_score", correct=c.quiz_correct, total=c.quiz_questions)
                )
            extra = []
            if c.predictions:
                extra.append(
                    t(
                        "app.progress.calibration",
                        right=c.predictions_right,
                        made=c.predictions_made,
                        total=c.predictions,
                    )
                )
            if c.repairs:
                extra.append(t("app.progress.repairs", passed=c.repairs_passed, total=c.repairs))
            if extra:
                summary.append("\n    " + " · ".join(extra), style="cyan")
            summary.append("\n")
        self.query_one("#progress-summary", WrapStatic).update(summary)
        self._rows = []
        for chapter in course.chapters:
            for ex in [*chapter.exercises, *chapter.repairs]:
                st = app.session.stats(ex.id)
                status = Text(f"{P.mark(st.status)} {P.word(st.status)}", style=P.style(st.status))
                if st.gave_up:
                    status.append(" · " + t("app.progress.gave_up"), style="dim")
                solved = (
                    time.strftime("%Y-%m-%d", time.localtime(st.solved_at)) if st.solved_at else ""
                )
                self._rows.append(
                    (
                        chapter.id,
                        ex.id,
                        ex.title,
                        status,
                        str(st.attempts),
                        f"{st.hints_used}/{len(ex.hints)}",
                        P.time_spent(st.time_spent_s),
                        solved,
                    )
                )
        self._fill_table()

    def _title_width(self) -> int:
        """The cells left for the titles once every other column has its widest cell: the
        titles wrap in what is left, so that no column is pushed off the screen."""
        table = self.query_one("#progress-table", DataTable)
        labels = [t(f"app.progress.col.{name}") for name in COLUMNS]
        widths = [
            max([cell_len(labels[n]), *(cell_len(str(row[n])) for row in self._rows)])
            for n in range(len(COLUMNS))
            if n != TITLE
        ]
        room = (table.size.width or self.size.width) - SCROLLBAR_CELLS
        padding = 2 * table.cell_padding * len(COLUMNS)
        widest = max([cell_len(labels[TITLE]), *(cell_len(row[TITLE]) for row in self._rows)])
        return max(MIN_TITLE_CELLS, min(widest, room - padding - sum(widths)))

    def _fill_table(self) -> None:
        table = self.query_one("#progress-table", DataTable)
        self._filled_width = width = self._title_width()
        row = table.cursor_row
        table.clear(columns=True)
        for n, name in enumerate(COLUMNS):
            label = t(f"app.progress.col.{name}")
            table.add_column(label, width=width if n == TITLE else None)
        for cells in self._rows:
            title = literal("\n".join(wrapped_lines(cells[TITLE], width)))
            table.add_row(
                *cells[:TITLE],
                title,
                *cells[TITLE + 1 :],
                key=cells[1],
                height=title.plain.count("\n") + 1,
            )
        if row:
            table.move_cursor(row=min(row, table.row_count - 1), animate=False)

    def on_resize(self, _event) -> None:
        if self._rows and self._title_width() != self._filled_width:
            self._fill_table()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value:
            tutor_app(self).open_item("exercise", event.row_key.value)

    def action_back(self) -> None:
        tutor_app(self).go_back()
