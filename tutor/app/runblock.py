"""A runnable example under a lesson's code block: a run button, the output streamed under it,
and the charts the block recorded. The run happens in a worker process (tutor.runner)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from tutor.app.runwork import RunDone, RunEvent, RunHandle, RunOutput, runner_body, start_run
from tutor import progress
from tutor.markdown import CodeBlock
from tutor.messages import t
from tutor.result import Status
from tutor.termtext import sanitize

MAX_LIVE_CHARS = 20_000


class RunBlock(Vertical):
    DEFAULT_CLASSES = "run-block"

    def __init__(self, block: CodeBlock, label: str, context_path, **kw):
        super().__init__(**kw)
        self.block, self.label, self.context_path = block, label, context_path
        self.handle: RunHandle | None = None
        self.result = None
        self._live = ""

    def compose(self) -> ComposeResult:
        with Horizontal(classes="run-bar"):
            yield Button(t("app.lesson.run"), classes="run-button", compact=True)
            note = t("app.lesson.runnable") + (" · " + t("app.lesson.context") if self.block.context else "")
            yield Static(Text(note, style="dim"), classes="run-note")
        yield Static("", classes="run-output")
        yield Vertical(classes="run-charts")

    def on_mount(self) -> None:
        self.query_one(".run-output").display = False

    @property
    def running(self) -> bool:
        return self.handle is not None

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.run()

    def run(self) -> None:
        if self.running:
            return
        from tutor.runner import snippet_job

        job = snippet_job(self.block.code, label=self.label, time_limit=self.block.timeout,
                          context=self.context_path if self.block.context else None)
        self._live = ""
        out = self.query_one(".run-output", Static)
        out.display = True
        out.update(Text(t("app.lesson.running"), style=progress.style("running")))
        self.query_one(".run-charts").remove_children()
        self.handle = start_run(self, runner_body(self.app.runner, job), label=self.label,
                                exercise=self.label)

    def cancel(self) -> None:
        if self.handle is not None:
            self.handle.cancel()

    def on_run_event(self, message: RunEvent) -> None:
        message.stop()

    def on_run_output(self, message: RunOutput) -> None:
        message.stop()
        if self.handle is None or message.token != self.handle.token:
            return
        if len(self._live) < MAX_LIVE_CHARS:
            self._live += sanitize(message.text)
            text = Text(self._live)
            text.append("\n" + t("app.lesson.running"), style=progress.style("running"))
            self.query_one(".run-output", Static).update(text)

    def on_run_done(self, message: RunDone) -> None:
        message.stop()
        if self.handle is None or message.token != self.handle.token:
            return
        self.handle = None
        result = self.result = message.outcome
        text = Text(f"{t('app.lesson.output')}:\n", style="bold")
        body = result.stdout + (("\n" + result.stderr) if result.stderr.strip() else "")
        text.append(sanitize(body) if body.strip() else t("app.lesson.no_output"), style="" if body.strip() else "dim")
        if result.status != Status.PASSED:
            text.append(f"\n{progress.mark(result.status)} {progress.word(result.status)}",
                        style=progress.style(result.status))
            if result.message:
                text.append(": " + result.message, style="red")
            if result.error is not None:
                text.append(sanitize(f"\n{result.error.type}: {result.error.message}\n{result.error.traceback}"),
                            style="red")
        self.query_one(".run-output", Static).update(text)
        if result.charts:
            from tutor.app.charts import ChartView

            self.query_one(".run-charts").mount_all([ChartView(c) for c in result.charts])
