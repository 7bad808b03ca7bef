"""A runnable example under a lesson's code block: a run button, the output streamed under it,
and the charts the block recorded. The run goes through the session and the one UI run lifecycle
(tutor/app/run_lifecycle.py), with its elapsed / limit counter; the quiz's verifications are run
blocks too.

A block with a prediction (tutor.course.predictions.Prediction) asks its question first and runs
only once the learner has answered (`answer`); the real output is then shown under their guess,
marked right or wrong, and "practice" when it was not their first guess for this block, followed
by the prose that explains the result (`CodeBlock.revealed`), hidden until then."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Markdown, Static

from tutor.app.cjkwrap import WrapStatic
from tutor.app.keybar import answer_keys
from tutor.app.prose import ProseMarkdown
from tutor.app.run_lifecycle import RunDone, RunLifecycle, RunUpdated
from tutor.app.typed_app import tutor_app
from tutor.application import progress
from tutor.application.session import PredictionAnswer, Snippet, StoreError
from tutor.course.markdown import CodeBlock
from tutor.course.predictions import Prediction
from tutor.terminal_text import literal
from tutor.words.catalog import t

if TYPE_CHECKING:
    from tutor.protocol.result import RunResult


class RunBlock(Vertical):
    DEFAULT_CLASSES = "run-block"

    def __init__(
        self,
        block: CodeBlock,
        label: str,
        context_path: Path | None,
        *,
        prediction: Prediction | None = None,
        on_predict: Callable[[str], PredictionAnswer] | None = None,
        repair: str | None = None,
        **kw,
    ):
        super().__init__(**kw)
        self.block, self.label, self.context_path = block, label, context_path
        self.prediction = prediction  # asked before the first run
        self.on_predict = on_predict  # given -> PredictionAnswer (the session records it)
        self.guess: PredictionAnswer | None = None  # once answered
        self.guess_text = ""  # what the learner chose, as shown
        self.repair = repair  # the repair exercise linked right after this block
        self.lifecycle = RunLifecycle(self, self.show_live)
        self.result: RunResult | None = None

    @property
    def awaiting_prediction(self) -> bool:
        return self.prediction is not None and self.guess is None

    def _code_markdown(self) -> str:
        """The block's code as a fence: before the answer without what states the result."""
        from tutor.app.pagesplit import fenced
        from tutor.course.predictions import revealed_code, visible_code

        shown = visible_code if self.awaiting_prediction else revealed_code
        return fenced(self.block, shown(self.block.code))

    def compose(self) -> ComposeResult:
        if self.prediction is not None:
            yield ProseMarkdown(self._code_markdown(), classes="predict-code")
            yield WrapStatic(self._question_text(self.prediction), classes="predict-question")
            if not self.prediction.options:
                yield Input(
                    placeholder=t("app.predict.number"), classes="predict-input", compact=True
                )
        with Horizontal(classes="run-bar"):
            yield Button(
                t("app.lesson.run"),
                classes="run-button",
                compact=True,
                disabled=self.awaiting_prediction,
            )
            yield Static(self._note(), classes="run-note")
        yield Static("", classes="run-output")
        yield Vertical(classes="run-charts")
        if self.block.revealed:  # under the output, once the learner has answered
            after = ProseMarkdown(self.block.revealed, open_links=False, classes="predict-reveal")
            after.display = not self.awaiting_prediction
            yield after

    def _note(self) -> Text:
        note = t("app.lesson.runnable") + (
            " · " + t("app.lesson.context") if self.block.context else ""
        )
        if self.repair:
            note += " · " + t("app.lesson.repair_note", id=self.repair)
        if self.has_class("-selected"):
            text = Text("◆ " + t("app.lesson.selected") + "  ", style="bold")
            return text.append(note, style="dim")
        return Text(note, style="dim")

    def set_selected(self, on: bool) -> None:
        """Show (or drop) the marker of the example the lesson's keys act on."""
        if on != self.has_class("-selected"):
            self.set_class(on, "-selected")
            if self.is_mounted:
                self.query_one(".run-note", Static).update(self._note())

    def on_mount(self) -> None:
        self.query_one(".run-output").display = False
        outputs = getattr(self.app, "block_outputs", None)
        earlier = (
            outputs.get(self._cache_key)
            if outputs is not None and self.prediction is None
            else None
        )
        if earlier is not None:  # run before in this chapter: shown again
            self.result = earlier
            self._show_result(earlier)

    @property
    def running(self) -> bool:
        return self.lifecycle.running

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.run()

    # ------------------------------------------------------------ predict, then run

    def _question_text(self, pred: Prediction) -> Text:
        text = Text(t("app.predict.title") + " ", style="bold")
        text.append(pred.question + "\n")
        for n, option in enumerate(pred.options):
            text.append(f" {chr(ord('a') + n)}) ", style="bold")
            text.append(option + "\n")
        if self.guess is not None:
            text.append(t("app.predict.yours", answer=self.guess_text), style="bold cyan")
        elif pred.options:
            text.append(t("app.predict.keys", keys=answer_keys(len(pred.options))), style="dim")
        return text

    def answer(self, given: str) -> bool:
        """Record the learner's prediction (a letter, or a number typed) and run the block.
        False when the answer is not one the question accepts, or a run is going on, or nothing
        records it."""
        pred = self.prediction
        if pred is None or self.on_predict is None or self.running:
            return False
        given = given.strip()
        if pred.options:
            n = ord(given.upper()[:1] or "?") - ord("A")
            if not (len(given) == 1 and 0 <= n < len(pred.options)):
                return False
            shown = f"{given.lower()}) {pred.options[n]}"
        else:
            try:
                float(given)
            except ValueError:
                self.app.notify(
                    t("app.predict.not_number"), severity="warning", timeout=3, markup=False
                )
                return False
            shown = given
        try:
            self.guess = self.on_predict(given.upper() if pred.options else given)
        except StoreError as e:  # the guess still counts for the learner; only recording failed
            self.app.notify(
                t("app.predict.record_failed", reason=e),
                severity="warning",
                timeout=5,
                markup=False,
            )
            self.guess = PredictionAnswer(
                prediction=pred, correct=pred.is_right(given), counted=False
            )
        self.guess_text = shown
        self.query_one(".predict-question", WrapStatic).update(self._question_text(pred))
        revealed = self.query_one(".predict-code", Markdown).update(self._code_markdown())
        self.query_one(".run-button", Button).disabled = False
        for box in self.query(".predict-input"):
            box.display = False
        for after in self.query(".predict-reveal"):
            after.display = True

        async def reveal_then_run() -> None:
            await revealed  # the whole code laid out first: the output lands where it is shown
            self.run()

        self.call_later(reveal_then_run)
        return True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.answer(event.value)

    def _guess_verdict(self, pred: Prediction, guess: PredictionAnswer) -> Text:
        """Right or wrong, above the output (the guess itself is shown once, under the question)."""
        text = Text()
        if guess.correct:
            text.append("✓ " + t("app.predict.right"), style=progress.style("done"))
        else:
            right = (
                f"{pred.answer.lower()}) {pred.options[ord(pred.answer) - ord('A')]}"
                if pred.options
                else f"{pred.number:g}" + (f" ± {pred.tolerance:g}" if pred.tolerance else "")
            )
            text.append("✗ " + t("app.predict.wrong", answer=right), style=progress.style("failed"))
        if not guess.counted:
            text.append("  " + t("app.predict.practice"), style="dim")
        return text.append("\n")

    def run(self) -> None:
        if self.running:
            return
        if self.awaiting_prediction:
            self.app.notify(t("app.predict.first"), timeout=3, markup=False)
            for box in self.query(".predict-input"):
                self.screen.set_focus(box)  # now: the keys the app reads next go to the box
            return
        snippet = Snippet(
            self.block.code,
            label=self.label,
            time_limit=self.block.timeout,
            context=self.context_path if self.block.context else None,
        )
        session = tutor_app(self).session
        out = self.query_one(".run-output", Static)
        out.display = True
        self.query_one(".run-charts").remove_children()
        self.lifecycle.start(
            lambda listener: session.run_snippet(snippet, listener=listener),
            label=self.label,
            limit_s=snippet.time_limit,
        )

    def cancel(self) -> None:
        self.lifecycle.cancel()

    def show_live(self) -> None:
        """The output so far, with the running line and its elapsed / limit counter under it."""
        if not self.running:
            return
        text = literal(self.lifecycle.live)
        if self.lifecycle.live:
            text.append("\n")
        text.append(self.lifecycle.counter_text(), style=progress.style("running"))
        self.query_one(".run-output", Static).update(text)

    def on_run_updated(self, message: RunUpdated) -> None:
        message.stop()
        if self.lifecycle.current(message) and self.lifecycle.keep_output(message.update):
            self.show_live()

    def on_run_done(self, message: RunDone) -> None:
        message.stop()
        if not self.lifecycle.current(message) or message.verdict is None:
            return
        self.result = message.verdict.result
        self._show_result(self.result)
        if self.prediction is None:
            outputs = getattr(self.app, "block_outputs", None)
            if outputs is not None:
                outputs.put(self._cache_key, self.result)
        self.call_after_refresh(lambda: self.query_one(".run-output").scroll_visible(animate=False))

    @property
    def _cache_key(self) -> tuple[str, str]:
        return self.label, self.block.code

    def _show_result(self, result: RunResult) -> None:
        pred, guess = self.prediction, self.guess
        text = (
            self._guess_verdict(pred, guess) if pred is not None and guess is not None else Text()
        )
        text.append_text(output_text(result))
        out = self.query_one(".run-output", Static)
        out.display = True
        out.update(text)
        charts = self.query_one(".run-charts")
        charts.remove_children()
        if result.charts:
            from tutor.app.charts import ChartView

            charts.mount_all([ChartView(c) for c in result.charts])


def output_text(result) -> Text:
    """What a finished snippet run printed, then how it ended when it did not pass (the lesson's
    examples and the playground show the same)."""
    text = Text()
    text.append(f"{t('app.lesson.output')}:\n", style="bold")
    body = result.stdout + (("\n" + result.stderr) if result.stderr.strip() else "")
    text.append_text(literal(body) if body.strip() else Text(t("app.lesson.no_output"), "dim"))
    from tutor.protocol.result import Status  # not before a result is shown: start-up

    if result.status != Status.PASSED:
        text.append(
            f"\n{progress.mark(result.status)} {progress.word(result.status)}",
            style=progress.style(result.status),
        )
        if result.message:
            text.append_text(literal(": " + result.message, "red"))
        if result.error is not None:
            from tutor.app.verdict_view import error_kind

            error = result.error
            text.append_text(
                literal(f"\n{error_kind(error)}: {error.message}\n{error.traceback}", "red")
            )
    return text
