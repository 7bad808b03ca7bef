"""The results column of the exercise workspace: the verdict line, the check list with the diff of
the selected check, the learner's output (streamed live, sanitised) and the explanation after a
pass. It owns the current run: `run(body)` starts it in a thread worker (tutor/app/background.py),
draws its events as they arrive and posts RunFinished to the screen when it is over."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Markdown, OptionList, TabbedContent, TabPane

from tutor.app.background import Body, RunDone, RunEvent, RunHandle, RunOutput, start_run
from tutor.app.checklist import CheckList
from tutor.app.diffview import DiffView
from tutor.app.verdict import VerdictView
from tutor.application.session import Verdict
from tutor.protocol.events import CheckDone, CheckStarted
from tutor.protocol.result import CheckStatus, RunResult, Status
from tutor.termtext import sanitize, sanitize_all
from tutor.words.catalog import t


class RunFinished(Message):
    """A run of the exercise is over: `result` (and the session's `verdict`) or `refused`."""

    def __init__(
        self, result: RunResult | None, verdict: Verdict | None, refused: BaseException | None
    ):
        super().__init__()
        self.result, self.verdict, self.refused = result, verdict, refused


class ResultsPanel(Vertical):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.handle: RunHandle | None = None
        self._log = None
        self._verdict: VerdictView | None = None

    def compose(self) -> ComposeResult:
        self._verdict = VerdictView(id="verdict")  # kept: cancel() runs on unmount too
        yield self._verdict
        with TabbedContent(id="ex-results"):
            with TabPane(t("app.ex.results"), id="tab-results"):
                yield CheckList(id="checks")
                yield DiffView(id="diff")
            with TabPane(t("app.ex.output"), id="tab-output"):
                yield Vertical(id="output-box")  # Log mounted after the first frame
            with TabPane(t("app.ex.explanation"), id="tab-explanation"):
                with VerticalScroll():
                    yield Markdown("", id="explanation", open_links=False)

    @property
    def verdict(self) -> VerdictView:
        return self._verdict

    def output_log(self):
        """The output Log (created on first use: its tab is hidden at first)."""
        if self._log is None:
            from textual.widgets import Log

            self._log = Log(id="output", highlight=False, max_lines=5000)
            self.query_one("#output-box").mount(self._log)
        return self._log

    # ------------------------------------------------------------ a run

    @property
    def running(self) -> bool:
        return self.handle is not None

    def run(self, body: Body, *, label: str, exercise: str, refusals: tuple) -> None:
        self.query_one("#checks", CheckList).reset()
        self.query_one("#diff", DiffView).show(None)
        self.output_log().clear()
        self.query_one("#ex-results", TabbedContent).active = "tab-results"
        self.verdict.show_running()
        self.handle = start_run(self, body, label=label, exercise=exercise, refusals=refusals)

    def cancel(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.verdict.show_cancelling()

    def on_run_event(self, message: RunEvent) -> None:
        message.stop()
        if self.handle is None or message.token != self.handle.token:
            return
        ev = message.event
        if isinstance(ev, CheckStarted):
            self.query_one("#checks", CheckList).started(ev.id, ev.name)
        elif isinstance(ev, CheckDone):
            self.query_one("#checks", CheckList).done(ev.check)

    def on_run_output(self, message: RunOutput) -> None:
        message.stop()
        if self.handle is None or message.token != self.handle.token:
            return
        self.output_log().write(sanitize(message.text))

    def on_run_done(self, message: RunDone) -> None:
        message.stop()
        if self.handle is None or message.token != self.handle.token:
            return
        self.handle = None
        if message.refused is not None:
            self.verdict.show_refused(
                getattr(message.refused, "reason", "") or str(message.refused)
            )
            self.post_message(RunFinished(None, None, message.refused))
            return
        outcome = message.outcome
        verdict = outcome if isinstance(outcome, Verdict) else None
        result = verdict.result if verdict is not None else outcome
        self.verdict.show_result(
            result,
            reference=bool(verdict and verdict.reference),
            record_error=verdict.record_error if verdict else None,
        )
        self.show_checks(result)
        log = self.output_log()
        final = result.stdout + (("\n" + result.stderr) if result.stderr.strip() else "")
        log.clear()  # the final capped text (head + notice + tail) replaces the live stream
        log.write(sanitize(final) if final.strip() else t("app.ex.output_empty"))
        self.post_message(RunFinished(result, verdict, None))

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

    def hide_explanation(self) -> None:
        self.query_one("#ex-results", TabbedContent).hide_tab("tab-explanation")

    @on(OptionList.OptionHighlighted, "#checks")
    def _check_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        outcome = self.query_one("#checks", CheckList).outcome_at(event.option_index)
        if outcome is not None and outcome.status != CheckStatus.PASSED:
            self.query_one("#diff", DiffView).show(outcome)
