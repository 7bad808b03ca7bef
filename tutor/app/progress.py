"""The progress screen: per chapter and per exercise — status, attempts, hints used, time spent,
solved date — and an overall bar."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from tutor.app.courseitems import Progress, bar, chapter_items, course_items
from tutor.app.keybar import KeyBar
from tutor.messages import t

STYLE = {"passed": "green", "failed": "red", "started": "yellow", "unseen": "dim"}


def fmt_time(seconds: float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"


class ProgressScreen(Screen):
    BINDINGS = [Binding("escape", "back", t("app.key.back"))]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="progress-summary")
        yield DataTable(id="progress-table", zebra_stripes=True, cursor_type="row")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = t("app.progress.title")
        self.refresh_table()
        self.query_one("#progress-table").focus()

    def refresh_table(self) -> None:
        course, store = self.app.course, self.app.store
        progress = Progress(course, store)
        summary = Text()
        done, total = progress.counts(course_items(course))
        summary.append(f"{t('app.map.overall')}  ", style="bold")
        summary.append(bar(done, total, 30), style="green")
        summary.append(f"  {done}/{total}\n")
        for chapter in course.chapters:
            items = chapter_items(chapter)
            c_done, c_total = progress.counts(items)
            read = sum(1 for l in chapter.lessons if l.id in progress.read)
            passed = sum(1 for e in chapter.exercises if progress.statuses.get(e.id) == "passed")
            summary.append(f"{t('app.map.chapter', id=chapter.id)} {chapter.short_title}  ", style="bold")
            summary.append(bar(c_done, c_total, 12), style="green")
            summary.append(f" {c_done}/{c_total}  ")
            summary.append(t("app.progress.lessons", read=read, total=len(chapter.lessons)) + " · ")
            summary.append(t("app.progress.exercises", passed=passed, total=len(chapter.exercises)))
            if chapter.quiz is not None:
                correct, answered, q_total = progress.quiz_score(chapter.id)
                summary.append(" · " + t("app.kind.quiz") + " " + t("app.map.quiz_score", correct=correct, total=q_total))
            summary.append("\n")
        self.query_one("#progress-summary", Static).update(summary)
        table = self.query_one("#progress-table", DataTable)
        table.clear(columns=True)
        table.add_columns(t("app.progress.col.chapter"), t("app.progress.col.id"), t("app.progress.col.title"),
                          t("app.progress.col.status"), t("app.progress.col.attempts"),
                          t("app.progress.col.hints"), t("app.progress.col.time"), t("app.progress.col.solved"))
        for chapter in course.chapters:
            for ex in chapter.exercises:
                st = store.stats(ex.id)
                status = Text(t(f"status.{st.status}") if st.status != "started" else t("app.item.started"),
                              style=STYLE.get(st.status, ""))
                if st.gave_up:
                    status.append(" · " + t("app.progress.gave_up"), style="dim")
                solved = time.strftime("%Y-%m-%d", time.localtime(st.solved_at)) if st.solved_at else ""
                table.add_row(chapter.id, ex.id, ex.title, status, str(st.attempts),
                              f"{st.hints_used}/{len(ex.hints)}", fmt_time(st.time_spent_s), solved,
                              key=ex.id)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value:
            self.app.open_item("exercise", event.row_key.value)

    def action_back(self) -> None:
        self.app.action_home()
