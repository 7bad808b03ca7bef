"""The results column of the exercise workspace: the verdict line, the check list with the diff of
the selected check, the learner's output (streamed live, sanitised) and the explanation after a
pass. It owns the exercise's run: `run(work)` starts it through the one UI run lifecycle
(tutor/app/run_lifecycle.py), draws its updates and its elapsed / limit counter as they come, and
posts RunFinished to the screen when it is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.message import Message
from textual.widgets import Markdown, OptionList, TabbedContent, TabPane

from tutor.app.checklist import CheckList
from tutor.app.diffview import DiffView
from tutor.app.prose import ProseMarkdown
from tutor.app.run_lifecycle import RunDone, RunLifecycle, RunUpdated, Work
from tutor.app.verdict_view import VerdictView
from tutor.application.session import CheckBegan, CheckEnded, Output, RunRefused, Verdict
from tutor.protocol.result import CheckStatus, RunResult, Status
from tutor.terminal_text import sanitize, sanitize_all
from tutor.words.catalog import t

if TYPE_CHECKING:
    from textual.widgets import Log


class RunFinished(Message):
    """A run of the exercise is over: the session's `verdict`, or `refused`."""

    def __init__(self, verdict: Verdict | None, refused: RunRefused | None):
        super().__init__()
        self.verdict, self.refused = verdict, refused


class ResultsPanel(Vertical):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.lifecycle = RunLifecycle(self, self._show_counter)
        self._log: Log | None = None
        self.verdict = VerdictView(id="verdict")  # kept: cancel() runs on unmount too

    def compose(self) -> ComposeResult:
        yield self.verdict
        with TabbedContent(id="ex-results"):
            with TabPane(t("app.ex.results"), id="tab-results"):
                yield CheckList(id="checks")
                yield DiffView(id="diff")
            with TabPane(t("app.ex.output"), id="tab-output"):
                yield Vertical(id="output-box")  # Log mounted after the first frame
            with TabPane(t("app.ex.explanation"), id="tab-explanation"):
                with VerticalScroll():
                    yield ProseMarkdown("", id="explanation", open_links=False)

    def output_log(self) -> Log:
        """The output Log (created on first use: its tab is hidden at first)."""
        if self._log is None:
            from textual.widgets import Log

            self._log = Log(id="output", highlight=False, max_lines=5000)
            self.query_one("#output-box").mount(self._log)
        return self._log

    # ------------------------------------------------------------ a run

    @property
    def running(self) -> bool:
        return self.lifecycle.running

    def run(self, work: Work, *, label: str, limit_s: float) -> None:
        self.query_one("#checks", CheckList).reset()
        self.query_one("#diff", DiffView).show(None)
        self.output_log().clear()
        self.query_one("#ex-results", TabbedContent).active = "tab-results"
        self.lifecycle.start(work, label=label, limit_s=limit_s)

    def _show_counter(self) -> None:
        if not self.lifecycle.cancelling:
            self.verdict.show_running(self.lifecycle.counter_text("app.ex.running"))

    def cancel(self) -> None:
        if self.lifecycle.running:
            self.lifecycle.cancel()
            self.verdict.show_cancelling()

    def on_run_updated(self, message: RunUpdated) -> None:
        message.stop()
        if not self.lifecycle.current(message):
            return
        update = message.update
        if isinstance(update, CheckBegan):
            self.query_one("#checks", CheckList).started(update.id, update.name)
        elif isinstance(update, CheckEnded):
            self.query_one("#checks", CheckList).done(update.check)
        elif isinstance(update, Output):
            self.output_log().write(sanitize(update.text))

    def on_run_done(self, message: RunDone) -> None:
        message.stop()
        if not self.lifecycle.current(message):
            return
        verdict = message.verdict
        if verdict is None:
            refused = message.refused
            self.verdict.show_refused(refused.reason if refused is not None else "")
            self.post_message(RunFinished(None, refused))
            return
        result = verdict.result
        self.verdict.show_result(
            result, reference=verdict.reference, record_error=verdict.record_error
        )
        self.show_checks(result)
        log = self.output_log()
        final = result.stdout + (("\n" + result.stderr) if result.stderr.strip() else "")
        log.clear()  # the final capped text (head + notice + tail) replaces the live stream
        log.write(sanitize(final) if final.strip() else t("app.ex.output_empty"))
        self.post_message(RunFinished(verdict, None))

    # ------------------------------------------------------------ showing

    def show_checks(self, result: RunResult) -> None:
        result = sanitize_all(result)  # learner text (names, messages, details) shown visibly
        self.query_one("#checks", CheckList).set_all(result.checks)
        diff = self.query_one("#diff", DiffView)
        failing = result.failing_checks
        if failing:
            diff.show(failing[0])
        elif result.error is not None:
            diff.show_error(result.error)
        else:
            passed = result.status == Status.PASSED
            diff.show(None, t("app.ex.no_diff_passed" if passed else "app.ex.no_diff"))

    def show_explanation(self, markdown: str, *, activate: bool) -> None:
        explanation = self.query_one("#explanation", Markdown)
        if not explanation.source:
            explanation.update(markdown)
        tabs = self.query_one("#ex-results", TabbedContent)
        tabs.show_tab("tab-explanation")
        if activate:
            tabs.active = "tab-explanation"

    @property
    def tabs_ready(self) -> bool:
        """The results' tabs are composed (a TabbedContent composes them after it mounts)."""
        try:
            self.query_one("#ex-results", TabbedContent).get_tab("tab-explanation")
        except NoMatches:
            return False
        return True

    def hide_explanation(self) -> None:
        self.query_one("#ex-results", TabbedContent).hide_tab("tab-explanation")

    @on(OptionList.OptionHighlighted, "#checks")
    def _check_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        outcome = self.query_one("#checks", CheckList).outcome_at(event.option_index)
        if outcome is not None and outcome.status != CheckStatus.PASSED:
            self.query_one("#diff", DiffView).show(outcome)
