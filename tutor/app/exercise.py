"""The exercise workspace: statement | editor | results.

Left: the statement, hints (revealed one at a time, recorded), the chapter context (read-only),
the attempt history and the reference solution (locked until passed or an explicit, confirmed
give-up). Centre: the Python editor, autosaved atomically to the draft file within a second of
the last keystroke; a change to the draft made outside the app is noticed and offered for reload.
Right: the verdict, the check list (select a check to see its diff), the learner's output
(streamed live) and the explanation after success. Runs happen in a worker process; the UI only
receives messages, so the learner can keep typing; Esc cancels."""

from __future__ import annotations

import os
import shlex
import subprocess
import threading
import time

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (Header, Markdown, OptionList, Static,
                             TabbedContent, TabPane, TextArea)

from tutor.app.checklist import CheckList
from tutor.app.dialogs import ConfirmDialog
from tutor.app.diffview import DiffView
from tutor.app.editor import CodeEditor
from tutor.app.runwork import RunDone, RunEvent, RunHandle, RunOutput, start_run
from tutor.app.keybar import KeyBar
from tutor.messages import t
from tutor.result import CheckOutcome, CheckStatus, RunResult, Status

AUTOSAVE_DELAY_S = 0.5
FILE_POLL_S = 0.5
VERDICT_STYLE = {
    Status.PASSED: "bold green", Status.FAILED: "bold red", Status.ERROR: "bold red",
    Status.NOT_ATTEMPTED: "bold yellow", Status.CANCELLED: "yellow", Status.TIMEOUT: "bold red",
    Status.MEMORY: "bold red", Status.CRASHED: "bold red", Status.EXITED_EARLY: "bold red",
}


class ExerciseScreen(Screen):
    # the layout class goes on #ex-grid, decided before mounting: a breakpoint class added to
    # the screen after mounting would restyle every widget of the workspace
    HORIZONTAL_BREAKPOINTS = []
    WIDE_COLUMNS = 120
    BINDINGS = [
        Binding("ctrl+r,f5", "run", t("app.key.run"), priority=True),
        Binding("escape", "cancel", t("app.key.cancel"), priority=True),
        Binding("ctrl+t", "hint", t("app.key.hint"), priority=True),
        Binding("ctrl+g", "solution", t("app.key.solution"), priority=True),
        Binding("ctrl+n", "next", t("app.key.next"), priority=True),
        Binding("ctrl+o", "external", t("app.key.external"), priority=True),
        Binding("ctrl+s", "save", t("app.key.save"), show=False, priority=True),
        Binding("ctrl+l", "reload", t("app.key.reload"), priority=True),
        Binding("f8", "reset", t("app.key.reset")),
        Binding("ctrl+b", "toggle_statement", t("app.key.statement"), show=False, priority=True),
    ]

    def __init__(self, exercise_id: str):
        super().__init__()
        self.exercise_id = exercise_id
        self.handle: RunHandle | None = None
        self.last_result: RunResult | None = None
        self.last_verdict_at: float | None = None    # monotonic time the last verdict was shown
        self.run_started_at: float | None = None
        self.external_text: str | None = None        # draft content changed outside the app
        self._save_timer = None
        self._saved_text = ""
        self._known_mtime: float | None = None
        self._save_lock = threading.Lock()
        self._entered = time.monotonic()
        self._explained = False
        self._late_done = False
        self._hints_shown = False      # the hints pane is filled when first needed (_late_widgets)

    # ------------------------------------------------------------ building

    @property
    def store(self):
        return self.app.store

    def compose(self) -> ComposeResult:
        course = self.app.course
        ex = course.exercise(self.exercise_id)
        self.exercise = ex
        self.chapter = course.chapter_by_id[ex.chapter_id]
        text = self.store.drafts.read(ex)
        self._saved_text = text
        self._known_mtime = self.store.drafts.mtime(ex.id)
        yield Header(show_clock=False)
        with Container(id="ex-grid", classes=self._layout_class(self.app.size.width)):
            with TabbedContent(id="ex-left"):
                with TabPane(t("app.ex.statement"), id="tab-statement"):
                    with VerticalScroll():
                        # filled after the first frame (_show_statement): its blocks are a
                        # third of the workspace's widgets
                        yield Markdown("", id="statement", open_links=False)
                with TabPane(t("app.ex.hints"), id="tab-hints"):
                    with VerticalScroll():
                        yield Markdown("", id="hints", open_links=False)
                with TabPane(t("app.ex.context"), id="tab-context"):
                    yield CodeEditor("", read_only=True, id="context", language=None)  # filled when shown
                with TabPane(t("app.ex.history"), id="tab-history"):
                    yield Vertical(id="history-box")      # DataTable mounted after the first frame
                with TabPane(t("app.ex.solution"), id="tab-solution"):
                    yield Static(t("app.ex.solution_locked"), id="solution-locked")
                    yield CodeEditor("", read_only=True, id="solution", language=None)
            with Vertical(id="ex-center"):
                self._editor = CodeEditor(text, id="editor")   # kept: read again on unmount
                yield self._editor
                yield Static("", id="editor-status")
            with Vertical(id="ex-right"):
                yield Static(Text(t("app.ex.not_run"), style="dim"), id="verdict")
                with TabbedContent(id="ex-results"):
                    with TabPane(t("app.ex.results"), id="tab-results"):
                        yield CheckList(id="checks")
                        yield DiffView(id="diff")
                    with TabPane(t("app.ex.output"), id="tab-output"):
                        yield Vertical(id="output-box")   # Log mounted after the first frame
                    with TabPane(t("app.ex.explanation"), id="tab-explanation"):
                        with VerticalScroll():
                            yield Markdown("", id="explanation", open_links=False)
        yield KeyBar()

    def on_mount(self) -> None:
        ex = self.exercise
        self.title = f"{t('app.kind.exercise')} {ex.id} · {ex.title}"
        self.sub_title = self.chapter.short_title
        self.call_after_refresh(self._record_visit)
        self.call_after_refresh(self._show_statement)
        self._refresh_solution()
        self.call_after_refresh(lambda: self.set_timer(0.05, self._late_widgets))
        passed = self.store.exercise_status(ex.id) == "passed"
        if not passed:
            self.query_one("#ex-results", TabbedContent).hide_tab("tab-explanation")
        # rendered after the first frame, shown (tab revealed) on success
        self.set_timer(0.5 if not passed else 0.01, self._show_explanation)
        self.query_one("#editor", CodeEditor).focus()
        self.set_interval(FILE_POLL_S, self._poll_file)
        self.set_interval(60.0, self._flush_time)
        self.set_timer(0.3, lambda: self.app.warm_runner(self.chapter.context_path))

    def _record_visit(self) -> None:
        self.store.mark_started(self.exercise.id)
        self.store.set_location("exercise", self.exercise.id)

    def on_unmount(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
        try:
            self._save_now()
        except Exception:
            pass
        self._flush_time()

    def _flush_time(self) -> None:
        now = time.monotonic()
        try:
            self.store.add_time(self.exercise.id, now - self._entered)
        except Exception:
            pass
        self._entered = now

    # ------------------------------------------------------------ panes

    def _show_statement(self) -> None:
        statement = self.query_one("#statement", Markdown)
        if not statement.source:
            statement.update(self.exercise.statement)

    def _refresh_hints(self) -> None:
        self._hints_shown = True
        ex = self.exercise
        n = self.store.hints_revealed(ex.id)
        parts = [f"**{t('app.ex.hint_n', n=i + 1, total=len(ex.hints))}**\n\n{h}" for i, h in enumerate(ex.hints[:n])]
        if not parts:
            parts.append(t("app.ex.no_hints"))
        elif n < len(ex.hints):
            parts.append("*" + t("app.ex.hint_more", n=len(ex.hints) - n) + "*")
        else:
            parts.append("*" + t("app.ex.hints_all") + "*")
        self.query_one("#hints", Markdown).update("\n\n---\n\n".join(parts))

    def _refresh_solution(self) -> None:
        unlocked = self.store.solution_unlocked(self.exercise.id)
        locked = self.query_one("#solution-locked", Static)
        sol = self.query_one("#solution", CodeEditor)
        locked.display = not unlocked
        sol.display = unlocked
        if unlocked and not sol.text:
            sol.language = "python"
            sol.load_text(self.exercise.solution)

    def _late_widgets(self) -> None:
        """The history table and the output log live in tabs that are hidden at first: they are
        created after the first frame (or at once, if a run needs them sooner)."""
        if self._late_done:
            return
        boxes = self.query("#history-box")
        if not boxes or not boxes.first().is_attached:
            return      # the screen is being taken down
        self._late_done = True
        self._show_statement()
        if not self._hints_shown:
            self._refresh_hints()
        from textual.widgets import DataTable, Log

        table = DataTable(id="history", cursor_type="row", zebra_stripes=True)
        table.add_columns(t("app.ex.col.when"), t("app.ex.col.status"), t("app.ex.col.duration"),
                          t("app.ex.col.failing"))
        self.query_one("#history-box").mount(table)
        self.query_one("#output-box").mount(Log(id="output", highlight=False, max_lines=5000))
        self._refresh_history(table)

    def _output(self):
        self._late_widgets()
        return self.query_one("#output")

    def _refresh_history(self, table=None) -> None:
        self._late_widgets()
        if table is None:
            table = self.query_one("#history")
        table.clear()
        attempts = self.store.attempts(self.exercise.id)
        for a in reversed(attempts):
            status = Status(a.status) if a.status in Status._value2member_map_ else None
            label = Text(t(f"status.{a.status}") if status else a.status,
                         style=VERDICT_STYLE.get(status, "") if status else "")
            table.add_row(time.strftime("%m-%d %H:%M:%S", time.localtime(a.at)), label,
                          f"{a.duration_s:.2f}s", ", ".join(a.failing))

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "tab-hints" and not self._hints_shown:
            self._refresh_hints()
        elif event.pane.id == "tab-context":
            ctx = self.query_one("#context", CodeEditor)
            if not ctx.text:
                ctx.language = "python"
                ctx.load_text(self.chapter.context_source)

    def _show_explanation(self) -> None:
        if self._explained:
            return
        self._explained = True
        self.query_one("#explanation", Markdown).update(
            f"### {t('app.ex.explanation')}\n\n{self.exercise.explanation}\n\n---\n\n{t('app.ex.passed_banner')}")

    def _status_line(self, text: str, style: str = "dim") -> None:
        self.query_one("#editor-status", Static).update(Text(text, style=style))

    # ------------------------------------------------------------ drafts

    @on(TextArea.Changed, "#editor")
    def _edited(self) -> None:
        if self._save_timer is not None:
            self._save_timer.stop()
        self._save_timer = self.set_timer(AUTOSAVE_DELAY_S, self._autosave)

    def _autosave(self) -> None:
        self._save_timer = None
        text = self.query_one("#editor", CodeEditor).text
        if text == self._saved_text:
            return
        threading.Thread(target=self._write, args=(text,), daemon=True).start()

    def _write(self, text: str) -> None:
        """Background: atomic write of the draft (never touches widgets)."""
        with self._save_lock:
            self._saved_text = text
            self.store.drafts.write(self.exercise.id, text)
            self._known_mtime = self.store.drafts.mtime(self.exercise.id)

    def _save_now(self) -> None:
        if self._save_timer is not None:
            self._save_timer.stop()
            self._save_timer = None
        text = self._editor.text
        if text != self._saved_text or not self.store.drafts.exists(self.exercise.id):
            self._write(text)

    def _poll_file(self) -> None:
        ex_id = self.exercise.id
        if not self._save_lock.acquire(blocking=False):
            return
        try:
            mtime = self.store.drafts.mtime(ex_id)
            if mtime is None or mtime == self._known_mtime:
                return
            try:
                content = self.store.drafts.path(ex_id).read_text(encoding="utf-8")
            except OSError:
                return
            self._known_mtime = mtime
            editor_text = self.query_one("#editor", CodeEditor).text
            if content == self._saved_text or content == editor_text:
                self._saved_text = content
                return
            self.external_text = content
        finally:
            self._save_lock.release()
        self._status_line(t("app.ex.external_change"), "bold yellow")
        self.notify(t("app.ex.external_change"), severity="warning", timeout=6)

    def action_save(self) -> None:
        self._save_now()
        self._status_line(t("app.ex.saved"))

    def action_reload(self) -> None:
        path = self.store.drafts.path(self.exercise.id)
        text = self.external_text if self.external_text is not None else path.read_text(encoding="utf-8")
        self._load_into_editor(text)
        self.external_text = None
        self._status_line(t("app.ex.reloaded"))

    def _load_into_editor(self, text: str) -> None:
        editor = self.query_one("#editor", CodeEditor)
        if self._save_timer is not None:
            self._save_timer.stop()
            self._save_timer = None
        with self._save_lock:
            self._saved_text = text
            self._known_mtime = self.store.drafts.mtime(self.exercise.id)
        editor.replace(text, (0, 0), editor.document.end)
        editor.move_cursor((0, 0))

    def action_external(self) -> None:
        command = os.environ.get("VISUAL") or os.environ.get("EDITOR")
        if not command:
            self.notify(t("app.ex.no_editor"), severity="warning")
            return
        self._save_now()
        path = self.store.drafts.path(self.exercise.id)
        try:
            with self.app.suspend():
                subprocess.call(shlex.split(command) + [str(path)])
        except Exception as e:  # noqa: BLE001 - any failure is reported, the app keeps going
            self.notify(t("app.ex.editor_failed", detail=str(e)), severity="error")
            return
        self._load_into_editor(path.read_text(encoding="utf-8"))
        self.external_text = None
        self._status_line(t("app.ex.reloaded"))

    def action_reset(self) -> None:
        def answer(yes: bool | None) -> None:
            if yes:
                with self._save_lock:
                    self.store.reset_exercise(self.exercise)
                self._load_into_editor(self.exercise.starter)
                self.query_one("#editor", CodeEditor).mark_line(None)
                self._status_line(t("app.ex.reset_done"))

        self.app.push_screen(ConfirmDialog(t("app.ex.reset_confirm", id=self.exercise.id)), answer)

    def _layout_class(self, width: int) -> str:
        return "-wide" if width >= self.WIDE_COLUMNS else "-narrow"

    def on_resize(self, event) -> None:
        grid = self.query_one("#ex-grid")
        wanted = self._layout_class(event.size.width)
        if not grid.has_class(wanted):
            grid.remove_class("-wide", "-narrow")
            grid.add_class(wanted)

    def action_toggle_statement(self) -> None:
        self.query_one("#ex-grid").toggle_class("-hide-left")

    # ------------------------------------------------------------ running

    @property
    def running(self) -> bool:
        return self.handle is not None

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "cancel":
            return self.running
        if action == "next":
            return self.last_result is not None and self.last_result.status == Status.PASSED or \
                self.store.exercise_status(self.exercise.id) == "passed"
        if action == "reload":
            return self.external_text is not None
        return True

    def action_run(self) -> None:
        if self.running:
            self.notify(t("app.ex.already_running"), timeout=2)
            return
        from tutor.runner import exercise_job

        if self._save_timer is not None:
            self._save_timer.stop()
            self._save_timer = None
        editor = self.query_one("#editor", CodeEditor)
        text = editor.text
        editor.mark_line(None)
        self.query_one("#checks", CheckList).reset()
        self.query_one("#diff", DiffView).show(None)
        self._output().clear()
        self.query_one("#ex-results", TabbedContent).active = "tab-results"
        self.query_one("#verdict", Static).update(Text(t("app.ex.running"), style="bold yellow"))
        job = exercise_job(self.exercise, self.store.drafts.path(self.exercise.id), self.chapter.context_path)
        self.run_started_at = time.monotonic()
        home = self.store.home

        def save() -> None:       # background thread: the draft the worker will read
            if text != self._saved_text or not self.store.drafts.exists(self.exercise.id):
                self._write(text)

        def record(result: RunResult) -> None:   # background thread: its own connection
            from tutor.store import Store

            store = Store(home)
            try:
                store.record_attempt(result)
            finally:
                store.close()

        self.handle = start_run(self.app.runner, job, self, before=save, after=record)
        self.refresh_bindings()

    def action_cancel(self) -> None:
        if self.handle is None:
            return
        self.handle.cancel()
        self.query_one("#verdict", Static).update(Text(t("app.ex.cancelling"), style="yellow"))

    def on_run_event(self, message: RunEvent) -> None:
        if self.handle is None or message.token != self.handle.token:
            return
        ev = message.event
        checks = self.query_one("#checks", CheckList)
        if ev.get("type") == "check_started":
            checks.started(ev["id"], ev["name"])
        elif ev.get("type") == "check_done":
            checks.done(CheckOutcome.from_dict(ev["check"]))

    def on_run_output(self, message: RunOutput) -> None:
        if self.handle is None or message.token != self.handle.token:
            return
        self._output().write(message.text)

    def on_run_done(self, message: RunDone) -> None:
        if self.handle is None or message.token != self.handle.token:
            return
        self.handle = None
        result = message.result
        self.last_result = result
        self._show_result(result)
        self.last_verdict_at = time.monotonic()
        self.refresh_bindings()
        self.app.rewarm()

    def _show_result(self, result: RunResult) -> None:
        checks = self.query_one("#checks", CheckList)
        diff = self.query_one("#diff", DiffView)
        verdict = self.query_one("#verdict", Static)
        status_word = t(f"status.{result.status.value}")
        passed = sum(1 for c in result.checks if c.status == CheckStatus.PASSED)
        if result.checks:
            line = t("app.ex.verdict", status=status_word, passed=passed, total=len(result.checks),
                     secs=result.duration_s)
        else:
            line = t("app.ex.verdict_short", status=status_word, secs=result.duration_s)
        text = Text(line, style=VERDICT_STYLE.get(result.status, "bold"))
        if result.status == Status.PASSED:
            text.append("\n" + t("app.ex.passed_banner"), style="green")
        if result.message:
            text.append("\n" + result.message, style="")
        if result.error is not None:
            e = result.error
            where = (t("app.ex.error_at", line=e.line, type=e.type, message=e.message) if e.line
                     else t("app.ex.error", type=e.type, message=e.message))
            text.append("\n" + where, style="red")
            if e.hint:
                text.append("\n" + e.hint, style="italic")
        verdict.update(text)
        checks.set_all(result.checks)
        # the output: the final capped text (head + notice + tail) replaces the live stream
        log = self._output()
        final = result.stdout + (("\n" + result.stderr) if result.stderr.strip() else "")
        log.clear()
        log.write(final if final.strip() else t("app.ex.output_empty"))
        failing = result.failing_checks
        if failing:
            diff.show(failing[0])
        elif result.error is not None:
            from tutor.app.diffview import render_detail

            diff.show_text(render_detail(CheckOutcome(
                id="error", name=f"{result.error.type}: {result.error.message}", status=CheckStatus.ERROR,
                detail={"kind": "error", "line": result.error.line, "traceback": result.error.traceback})))
        else:
            diff.show(None)
        line_no = result.error.line if result.error is not None else None
        if line_no is None:
            for c in failing:
                if c.detail and c.detail.get("kind") == "error" and c.detail.get("line"):
                    line_no = c.detail["line"]
                    break
        if line_no:
            self.query_one("#editor", CodeEditor).mark_line(int(line_no))
        if result.status == Status.PASSED:
            self._show_explanation()
            self._refresh_solution()
            results = self.query_one("#ex-results", TabbedContent)
            results.show_tab("tab-explanation")
            results.active = "tab-explanation"
        self._refresh_history()

    @on(OptionList.OptionHighlighted, "#checks")
    def _check_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        outcome = self.query_one("#checks", CheckList).outcome_at(event.option_index)
        if outcome is not None and outcome.status != CheckStatus.PASSED:
            self.query_one("#diff", DiffView).show(outcome)

    # ------------------------------------------------------------ hints, solution, next

    def action_hint(self) -> None:
        ex = self.exercise
        before = self.store.hints_revealed(ex.id)
        n = self.store.reveal_hint(ex.id, len(ex.hints))
        self._refresh_hints()
        self.query_one("#ex-left", TabbedContent).active = "tab-hints"
        self.query_one("#ex-grid").remove_class("-hide-left")
        if n == before:
            self.notify(t("app.ex.hints_all"), timeout=3)
        else:
            self.notify(t("app.ex.hint_n", n=n, total=len(ex.hints)), timeout=2)

    def action_solution(self) -> None:
        ex_id = self.exercise.id
        if self.store.solution_unlocked(ex_id):
            self._open_solution()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.store.give_up(ex_id)
                self._open_solution()
                self.notify(t("app.ex.gave_up"), timeout=4)

        self.app.push_screen(ConfirmDialog(t("app.ex.give_up_confirm", id=ex_id)), answer)

    def _open_solution(self) -> None:
        self.store.record_solution_view(self.exercise.id)
        self._refresh_solution()
        self.query_one("#ex-grid").remove_class("-hide-left")
        self.query_one("#ex-left", TabbedContent).active = "tab-solution"

    def action_next(self) -> None:
        self.app.open_next(("exercise", self.exercise.id))

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        event.stop()
        self.app.open_link(event.href)
