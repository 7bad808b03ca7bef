"""The exercise workspace: statement | editor | results.

Left: the statement, the hints revealed so far, the chapter context (read-only), the attempt
history and the reference solution. Centre: the Python editor, kept in step with the draft file
by DraftSync (tutor/app/draftsync.py). Right: the verdict, the check list (select a check to see
its diff), the learner's output (streamed live) and the explanation after success.

The screen is thin: every use case (open, save, run and record, hint, solution, reset, next) is a
call into the app's session (tutor/application/session.py); a run goes through the one UI run
lifecycle (tutor/app/run_lifecycle.py) in the results pane. Esc cancels a run; with no run it
goes back."""

from __future__ import annotations

import time

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, TabbedContent, TabPane, TextArea

from tutor.app.dialogs import ChoiceDialog, ConfirmDialog
from tutor.app.draftsync import DraftConflict, DraftNotice, DraftSync
from tutor.app.editor import CodeEditor, EditorStatus
from tutor.app.exercise_keys import ExerciseKeys
from tutor.app.exercise_panes import HintsPane, HistoryPane, SolutionPane
from tutor.app.keybar import KeyBar
from tutor.app.placeheader import PlaceHeader
from tutor.app.prose import ProseMarkdown
from tutor.app.results_pane import ResultsPanel, RunFinished
from tutor.app.run_lifecycle import Listener
from tutor.app.search_hit import mark_hit
from tutor.app.typed_app import tutor_app
from tutor.app.verdict_view import error_line
from tutor.application.session import (
    DraftChangedOutside,
    DraftError,
    Session,
    StoreError,
    Verdict,
)
from tutor.protocol.result import RunResult, Status
from tutor.words.catalog import t


class ExerciseScreen(ExerciseKeys, Screen[None]):
    CSS_PATH = "exercise.tcss"
    HORIZONTAL_BREAKPOINTS: list[
        tuple[int, str]
    ] = []  # the layout is a class on #ex-grid (tutor/app/exercise_layout.py)
    # the footer: next and F1 first (tutor/app/keybar.py), then in this order; keys of
    # tutor/app/exercise_keys.py: next, next_key, next_tab, diff
    BINDINGS = [
        Binding("ctrl+n", "next", "app.key.next", priority=True),
        Binding("n", "next_key", "app.key.next", show=False),
        Binding("ctrl+r,f5", "run", "app.key.run", priority=True),
        Binding("f6", "cycle_pane", "app.key.cycle_pane", priority=True),
        Binding("f7", "next_tab", "app.key.tab", priority=True),
        Binding("d", "diff", "app.key.diff"),
        Binding("ctrl+t", "hint", "app.key.hint", priority=True),
        Binding("ctrl+g", "solution", "app.key.solution", priority=True),
        Binding("ctrl+b", "toggle_statement", "app.key.statement", priority=True),
        Binding("escape", "escape", "app.key.back", priority=True),
        Binding("ctrl+o", "external", "app.key.external", priority=True),
        Binding("ctrl+s", "save", "app.key.save", show=False, priority=True),
        Binding("f8", "reset", "app.key.reset"),
        Binding("ctrl+l", "playground", "app.key.playground", priority=True),
    ]

    find: str | None = None  # the words of a search hit, set by the app when it opens it

    def __init__(self, exercise_id: str):
        super().__init__()
        self.exercise_id = exercise_id
        self.last_result: RunResult | None = None
        self._entered = time.monotonic()
        self._late_done = False
        self._edit_recorded = False

    @property
    def session(self) -> Session:
        return tutor_app(self).session

    # ------------------------------------------------------------ building

    def compose(self) -> ComposeResult:
        # marking it started and remembering the place are written after the first frame
        opened = self.opened = self.session.open_exercise(self.exercise_id, record=False)
        self.exercise, self.chapter = opened.exercise, opened.chapter
        yield PlaceHeader(show_clock=False)
        with Container(id="ex-grid", classes=self.grid_classes(self.app.size.width)):
            with TabbedContent(id="ex-left"):
                with TabPane(t("app.ex.statement"), id="tab-statement"):
                    with VerticalScroll():
                        # filled after the first frame (_late_widgets): a third of the widgets
                        yield ProseMarkdown("", id="statement", open_links=False)
                with TabPane(t("app.ex.hints"), id="tab-hints"):
                    yield HintsPane(id="hints-pane")
                with TabPane(t("app.ex.context"), id="tab-context"):
                    yield CodeEditor(  # filled when shown
                        "", read_only=True, id="context", language=None, quiet=True
                    )
                with TabPane(t("app.ex.history"), id="tab-history"):
                    yield HistoryPane(id="history-box")  # its table made after the first frame
                with TabPane(t("app.ex.solution"), id="tab-solution"):
                    yield SolutionPane(id="solution-pane")
            with Vertical(id="ex-center"):
                # plain text for the first frame; Python highlighting right after it
                read_error = opened.read_error  # the draft cannot be edited: read-only
                editor = CodeEditor(
                    opened.text, id="editor", read_only=read_error is not None, language=None
                )
                yield editor
                yield EditorStatus("", id="editor-status")
                self.sync = DraftSync(opened.draft, editor, read_error=read_error)
                yield self.sync
            self.results = ResultsPanel(id="ex-right")  # kept: read again on unmount
            yield self.results
        yield KeyBar()

    def on_mount(self) -> None:
        ex = self.exercise
        self.title = f"{t('app.kind.exercise')} {ex.id} · {ex.title}"
        self.sub_title = self.chapter.short_title
        self._fill_panes()
        self.first_focus()
        self.call_after_refresh(self._highlight_editor)
        self.call_after_refresh(lambda: self.set_timer(0.05, self._late_widgets))
        self.call_after_refresh(self._record_open)
        self.set_interval(60.0, self._flush_time)
        self.set_timer(0.3, lambda: tutor_app(self).warm_runner(self.chapter.context_path))

    def _fill_panes(self) -> None:
        """The solution pane and the last verdict, once the tabbed panes are composed (on a busy
        machine the screen can mount before them)."""
        if not self.is_attached:
            return
        solutions = self.query(SolutionPane)
        if not solutions or not self.results.tabs_ready:
            self.call_after_refresh(self._fill_panes)
            return
        ex, opened, results = self.exercise, self.opened, self.results
        if opened.solution_unlocked:
            solutions.first().show_source(ex.solution)
        else:
            solutions.first().show_locked()
        if opened.last is not None:
            results.verdict.show_result(opened.last, restored=True)
        else:
            results.verdict.show_idle()
        if opened.status != "passed":
            results.hide_explanation()

    def on_unmount(self) -> None:
        self.results.cancel()
        self.sync.flush_now()
        self._flush_time()

    def _flush_time(self) -> None:
        now = time.monotonic()
        try:
            self.session.add_time(self.exercise.id, now - self._entered)
        except Exception:  # noqa: BLE001 - time spent is a nicety, never worth an error
            pass
        self._entered = now

    def _highlight_editor(self) -> None:
        editor = next(self.query("#editor").results(CodeEditor), None)
        if editor is not None and editor.language is None:
            editor.language = "python"

    def _record_open(self, edit: bool = False) -> None:
        """The place (after the first frame), or the first edit: shown is the session's status."""
        try:
            if edit:
                self.opened.status = self.session.record_edit(self.exercise.id)
            else:
                self.session.record_open(self.exercise.id)
        except StoreError as e:
            self.notify(str(e), severity="error", timeout=8, markup=False)

    def _late_widgets(self) -> None:
        """The statement, hints, history table and output log are filled or created after the
        first frame (or at once, if a run needs them sooner)."""
        if self._late_done:
            return
        boxes = self.query("#history-box")
        if not boxes or not boxes.first().is_attached:
            return  # the screen is being taken down
        self._late_done = True
        statement = self.query_one("#statement", Markdown)
        statement.update(self.exercise.statement)
        find = self.find
        if find:  # opened from a search hit
            self.set_timer(0.1, lambda: mark_hit([statement], find))
        hints = self.query_one(HintsPane)
        if not hints.filled:
            hints.show(self.session.hints(self.exercise.id), len(self.exercise.hints))
        self.query_one(HistoryPane).make_table()
        results = self.results
        results.output_log()
        self._refresh_history()
        last = self.opened.last
        if last is not None and self.last_result is None:
            results.show_checks(last)
        if self.opened.status == "passed":
            self._show_explanation(activate=False)

    def _refresh_history(self) -> None:
        self._late_widgets()
        self.query_one(HistoryPane).show(self.session.attempts(self.exercise.id))

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "tab-hints":
            hints = self.query_one(HintsPane)
            if not hints.filled:
                hints.show(self.session.hints(self.exercise.id), len(self.exercise.hints))
        elif event.pane.id == "tab-context":
            ctx = self.query_one("#context", CodeEditor)
            if not ctx.text:
                ctx.language = "python"
                ctx.load_text(self.chapter.context_source)

    def _show_explanation(self, *, activate: bool) -> None:
        self.results.show_explanation(
            f"### {t('app.ex.explanation')}\n\n{self.exercise.explanation}", activate=activate
        )

    def _status_line(self, text: str, style: str = "dim", sticky: bool | None = None) -> None:
        self.query_one("#editor-status", EditorStatus).show(text, style, sticky)

    # ------------------------------------------------------------ the draft

    @on(TextArea.Changed, "#editor")
    def _edited(self) -> None:
        self.sync.edited()
        if self.opened.status == "unseen" and not self._edit_recorded and self.sync.dirty:
            self._edit_recorded = True  # once: a store that failed is not asked at every key
            self._record_open(edit=True)

    def on_draft_notice(self, message: DraftNotice) -> None:
        self._status_line(message.text, message.style, message.sticky or None)

    def on_draft_conflict(self, message: DraftConflict) -> None:
        self._status_line(t("app.ex.conflict_status", backup=message.backup or "-"), "bold yellow")

        def chosen(choice: str | None) -> None:
            self.sync.resolve(keep_mine=choice != "theirs")

        self.app.push_screen(
            ChoiceDialog(
                t("app.ex.conflict_question", backup=message.backup or "-"),
                [("mine", t("app.ex.keep_mine")), ("theirs", t("app.ex.take_theirs"))],
            ),
            chosen,
        )

    def action_save(self) -> None:
        outcome = self.sync.flush_now()
        if outcome is not None and outcome.ok:
            self._status_line(t("app.ex.saved"))

    def action_external(self) -> None:
        self.sync.edit_outside()  # $VISUAL, $EDITOR, else nano or vi; then reload

    def action_reset(self) -> None:
        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                outcome = self.session.reset(self.exercise.id)
            except DraftError as e:
                self._status_line(str(e), "bold red")
                return
            self.sync.load(self.exercise.starter)
            self.query_one("#editor", CodeEditor).mark_line(None)
            self._status_line(
                t("app.ex.reset_done")
                if outcome.backup is None
                else t("app.ex.reset_backup", backup=outcome.backup)
            )

        self.app.push_screen(ConfirmDialog(t("app.ex.reset_confirm", id=self.exercise.id)), answer)

    # ------------------------------------------------------------ running

    @property
    def running(self) -> bool:
        return self.results.running

    def check_action(self, action: str, parameters) -> bool | None:
        allowed = self.layout_allows(action)
        if allowed is None:
            allowed = self.keys_allow(action)
        return True if allowed is None else allowed

    def action_escape(self) -> None:
        """Cancel the run; with none, back to where the learner came from (the editor keeps its
        focus until then: Esc never moves it)."""
        results = self.results
        if results.running:
            results.cancel()
        else:
            tutor_app(self).go_back()

    def action_run(self) -> None:
        results = self.results
        if results.running:
            self.notify(t("app.ex.already_running"), timeout=2, markup=False)
            return
        self._late_widgets()
        sync = self.sync
        sync.pause()
        text = None if sync.read_only else sync.editor.text
        self.query_one("#editor", CodeEditor).mark_line(None)
        session, ex_id = self.session, self.exercise.id

        async def work(listener: Listener) -> Verdict:  # save, run, record
            return await session.run(ex_id, text=text, listener=listener)

        results.run(work, label=f"exercise {ex_id}", limit_s=session.time_limit(ex_id))
        self.show_pane("ex-right")
        self.refresh_bindings()

    def on_run_finished(self, message: RunFinished) -> None:
        self.refresh_bindings()
        refused, verdict = message.refused, message.verdict
        if isinstance(refused, DraftChangedOutside):  # the editor takes the change first
            self.sync.take_outside(refused.edit)
            return
        if verdict is None:
            self._status_line(refused.reason if refused is not None else "", "bold red")
            return
        result = verdict.result
        self.last_result = result
        line = error_line(result)
        if line:
            self.query_one("#editor", CodeEditor).mark_line(line)
        if verdict.exercise_status is not None:  # recorded: the status the session keeps
            self.opened.status = verdict.exercise_status
        if result.status == Status.PASSED and not verdict.reference:
            self._show_explanation(activate=True)
            self.query_one(SolutionPane).show_source(self.exercise.solution)
        self._refresh_history()
        self.show_pane("ex-right")  # tabs layout: the checks, the first failing one's diff
        self.refresh_bindings()

    # ------------------------------------------------------------ hints, solution, next

    def action_hint(self) -> None:
        reveal = self.session.reveal_hint(self.exercise.id)
        self.query_one(HintsPane).show(reveal.revealed, reveal.total)
        self.query_one("#ex-left", TabbedContent).active = "tab-hints"
        self.reveal_left()
        new, n, total = reveal.new, reveal.count, reveal.total
        words = t("app.ex.hint_n", n=n, total=total) if new else t("app.ex.hints_all")
        self.notify(words, timeout=2 if new else 3, markup=False)

    def action_solution(self) -> None:
        ex_id = self.exercise.id
        if self.session.solution_unlocked(ex_id):
            self._open_solution()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.session.give_up(ex_id)
                self._open_solution()
                self.notify(t("app.ex.gave_up"), timeout=4, markup=False)

        self.app.push_screen(ConfirmDialog(t("app.ex.give_up_confirm", id=ex_id)), answer)

    def _open_solution(self) -> None:
        self.query_one(SolutionPane).show_source(
            self.session.view_solution(self.exercise.id), now=True
        )
        # the tab first: revealing the column shows (and focuses) the tab that is active
        self.query_one("#ex-left", TabbedContent).active = "tab-solution"
        self.reveal_left()

    def action_playground(self) -> None:
        from tutor.app.playground_screen import open_playground

        self.sync.flush_now()
        open_playground(self.app, self.chapter.id)  # over the workspace: Esc comes back here

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        event.stop()
        tutor_app(self).open_link(event.href)
