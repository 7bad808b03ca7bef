"""The progress screen: per chapter and per exercise — status, attempts, hints used, time spent,
solved date — and an overall bar. Per chapter also the calibration of the learner's predictions
(right/made of the chapter's predict blocks, first guesses only) and the repair exercises passed,
counted apart from the main exercises."""

from __future__ import annotations

import re
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

# no chapter column: an exercise's id starts with its chapter's, and the rows go in course order
COLUMNS = ("id", "title", "status", "attempts", "hints", "time", "solved")
ID = COLUMNS.index("id")
TITLE = COLUMNS.index("title")
WRAPPING = (COLUMNS.index("status"),)  # wrapped before the title narrows (the time is short)
WANT_TITLE_CELLS = 20  # narrower, an English title takes a row for every word or two
MIN_TITLE_CELLS = 10
SCROLLBAR_CELLS = 2  # the table's vertical scrollbar
_TOGETHER = re.compile(r"(\d+) (\S+)")  # a number and its unit stay on one line: "2 min"
_MARK = re.compile(r"^(\S) ")  # a status mark stays with the word after it


def _plain(cell: str | Text) -> str:
    return cell.plain if isinstance(cell, Text) else cell


def _protect(text: str, status: bool) -> str:
    """`text` with the spaces it must not break at made no-break (same length): between a number
    and its unit ("2 min") and, in a status, after its mark ("· not started")."""
    if status:
        text = _MARK.sub("\\1\u00a0", text)
    return _TOGETHER.sub("\\1\u00a0\\2", text)


def _wrap(cell: str | Text, width: int | None) -> str | Text:
    """`cell` broken into lines of `width` cells (Chinese by character), its style kept."""
    if width is None:
        return cell
    text = cell if isinstance(cell, Text) else literal(cell)
    plain = _protect(text.plain, isinstance(cell, Text))
    parts, pos = [], 0
    for line in wrapped_lines(plain, width):
        start = plain.index(line, pos)
        parts.append(text[start : start + len(line)])
        pos = start + len(line)
    return Text("\n").join(parts)


class ProgressScreen(Screen):
    CSS_PATH = "progress.tcss"
    OVERLAY = True  # shown over where the learner is; Esc goes back there
    BINDINGS = [Binding("escape", "back", "app.key.back")]
    _rows: list[tuple] = []  # the table's cells, the titles unwrapped
    _filled_widths: list[int | None] = []  # the widths the table was last filled for

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
            # in the map's order (a topic's repairs before the main exercises placed after it)
            on_map = [i.id for i in P.chapter_items(chapter) if i.kind in ("exercise", "repair")]
            everything = {ex.id: ex for ex in [*chapter.exercises, *chapter.repairs]}
            for ex_id in [*on_map, *(i for i in everything if i not in on_map)]:
                ex = everything[ex_id]
                st = app.session.stats(ex.id)
                status = Text(f"{P.mark(st.status)} {P.word(st.status)}", style=P.style(st.status))
                if st.gave_up:
                    status.append(" · " + t("app.progress.gave_up"), style="dim")
                solved = (
                    time.strftime("%Y-%m-%d", time.localtime(st.solved_at)) if st.solved_at else ""
                )
                self._rows.append(
                    (
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

    def _widths(self) -> list[int | None]:
        """Each column's width: None for a column shown whole (the widest cell); the title, and
        on a narrow screen the status, wrap in what the others leave, so that no column is pushed
        off the screen and a title keeps room to be read (WANT_TITLE_CELLS: the status gives way
        first, down to its longest word)."""
        table = self.query_one("#progress-table", DataTable)
        labels = [t(f"app.progress.col.{name}") for name in COLUMNS]
        cells = [[labels[n], *(_plain(row[n]) for row in self._rows)] for n in range(len(COLUMNS))]
        natural = [max(cell_len(c) for c in column) for column in cells]
        room = (table.size.width or self.size.width) - SCROLLBAR_CELLS
        room -= 2 * table.cell_padding * len(COLUMNS)
        widths: list[int | None] = [None] * len(COLUMNS)
        for n in WRAPPING:  # at its longest word, if need be
            if room - sum(natural) + natural[TITLE] >= WANT_TITLE_CELLS:
                break
            fit = max(cell_len(word) for c in cells[n] for word in _protect(c, True).split(" "))
            natural[n], widths[n] = fit, fit
        widths[TITLE] = max(
            MIN_TITLE_CELLS, min(natural[TITLE], room - sum(natural) + natural[TITLE])
        )
        return widths

    def _fill_table(self) -> None:
        table = self.query_one("#progress-table", DataTable)
        widths = self._widths()
        self._filled_widths = widths
        row = table.cursor_row
        table.clear(columns=True)
        for n, name in enumerate(COLUMNS):
            table.add_column(t(f"app.progress.col.{name}"), width=widths[n])
        for cells in self._rows:
            shown = [_wrap(cell, width) for cell, width in zip(cells, widths, strict=True)]
            table.add_row(
                *shown,
                key=cells[ID],
                height=max(_plain(cell).count("\n") + 1 for cell in shown),
            )
        if row:
            table.move_cursor(row=min(row, table.row_count - 1), animate=False)

    def on_resize(self, _event) -> None:
        if self._rows and self._widths() != self._filled_widths:
            self._fill_table()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value:
            tutor_app(self).open_item("exercise", event.row_key.value)

    def action_back(self) -> None:
        tutor_app(self).go_back()
