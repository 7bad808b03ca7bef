"""The progress screen: per chapter and per exercise — status, attempts, hints used, time spent,
solved date — and an overall bar. Per chapter also the calibration of the learner's predictions
(right/made of the chapter's predict blocks, first guesses only) and the repair exercises passed,
counted apart from the main exercises."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from tutor.app.keybar import KeyBar
from tutor.app.placeheader import PlaceHeader
from tutor.app.typed_app import tutor_app
from tutor.application import progress as P
from tutor.application.progress import bar
from tutor.words.catalog import t


class ProgressScreen(Screen):
    CSS_PATH = "progress.tcss"
    OVERLAY = True  # shown over where the learner is; Esc goes back there
    BINDINGS = [Binding("escape", "back", "app.key.back")]

    def compose(self) -> ComposeResult:
        yield PlaceHeader()
        yield Static("", id="progress-summary")
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
        self.query_one("#progress-summary", Static).update(summary)
        table = self.query_one("#progress-table", DataTable)
        table.clear(columns=True)
        table.add_columns(
            t("app.progress.col.chapter"),
            t("app.progress.col.id"),
            t("app.progress.col.title"),
            t("app.progress.col.status"),
            t("app.progress.col.attempts"),
            t("app.progress.col.hints"),
            t("app.progress.col.time"),
            t("app.progress.col.solved"),
        )
        for chapter in course.chapters:
            for ex in [*chapter.exercises, *chapter.repairs]:
                st = app.session.stats(ex.id)
                status = Text(f"{P.mark(st.status)} {P.word(st.status)}", style=P.style(st.status))
                if st.gave_up:
                    status.append(" · " + t("app.progress.gave_up"), style="dim")
                solved = (
                    time.strftime("%Y-%m-%d", time.localtime(st.solved_at)) if st.solved_at else ""
                )
                table.add_row(
                    chapter.id,
                    ex.id,
                    ex.title,
                    status,
                    str(st.attempts),
                    f"{st.hints_used}/{len(ex.hints)}",
                    P.time_spent(st.time_spent_s),
                    solved,
                    key=ex.id,
                )

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value:
            tutor_app(self).open_item("exercise", event.row_key.value)

    def action_back(self) -> None:
        tutor_app(self).go_back()
