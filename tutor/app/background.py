"""Runs in the background through Textual's worker API. A run's body runs in a named thread
worker; it never touches widgets: it posts messages (thread-safe) to the widget that started it,
which updates itself on the UI thread. Every message carries the run's token, so that a message
from an older run is told apart from the current one."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from typing import Any

from textual.message import Message
from textual.widget import Widget

from tutor.protocol.result import RunResult, Status
from tutor.words.catalog import t

_tokens = itertools.count(1)


class RunEvent(Message):
    """A progress event from the worker (tutor.protocol.events: Started, CheckStarted, CheckDone)."""

    def __init__(self, token: int, event: Any):
        super().__init__()
        self.token, self.event = token, event


class RunOutput(Message):
    """A chunk of the learner's stdout/stderr, streamed live."""

    def __init__(self, token: int, stream: str, text: str):
        super().__init__()
        self.token, self.stream, self.text = token, stream, text


class RunDone(Message):
    """The run is over. `outcome` is what the body returned (a RunResult, or the session's
    Verdict); `refused` is set instead when the body raised one of the `refusals` it was given
    (the run never started: e.g. the draft could not be saved)."""

    def __init__(self, token: int, outcome: Any = None, refused: BaseException | None = None):
        super().__init__()
        self.token, self.outcome, self.refused = token, outcome, refused


MAX_LIVE_CHARS = 20_000  # live output kept while a snippet runs; the final result is capped apart


class LiveOutput:
    """Mixed into a widget or screen that runs one snippet at a time (`self.handle`) and shows its
    output as it streams: keeps the text in `self._live` (sanitised, up to MAX_LIVE_CHARS) and
    calls `self.show_live()` after each chunk. Progress events are swallowed."""

    handle: RunHandle | None
    _live: str

    def on_run_event(self, message: RunEvent) -> None:
        message.stop()

    def on_run_output(self, message: RunOutput) -> None:
        from tutor.termtext import sanitize

        message.stop()
        if self.handle is None or message.token != self.handle.token:
            return
        if len(self._live) < MAX_LIVE_CHARS:
            self._live += sanitize(message.text)
            self.show_live()  # the host class draws `_live` its own way


class RunHandle:
    """One run started from the UI: `cancel()` works before and after the runner accepted it."""

    def __init__(self, label: str):
        self.token = next(_tokens)
        self.label = label
        self.run = None
        self.cancelled = False
        self._lock = threading.Lock()

    def attach(self, run) -> None:
        """Called on the worker thread once the runner started the run."""
        with self._lock:
            self.run = run
            cancel_now = self.cancelled
        if cancel_now:
            run.cancel()

    def cancel(self) -> None:
        with self._lock:
            self.cancelled = True
            run = self.run
        if run is not None:
            run.cancel()


Body = Callable[[RunHandle, Callable[[Any], None], Callable[[str, str], None]], Any]


def start_run(
    owner: Widget,
    body: Body,
    *,
    label: str,
    exercise: str = "",
    refusals: tuple[type[BaseException], ...] = (),
) -> RunHandle:
    """Run `body(handle, on_event, on_output)` in a thread worker named after `label`. The body
    starts the run (calling `handle.attach(run)`) and returns its outcome; `owner` receives
    RunEvent, RunOutput and finally exactly one RunDone. An exception the body did not expect
    becomes a CRASHED result that says what failed, so the UI never waits forever."""
    handle = RunHandle(label)
    token = handle.token

    def on_event(msg: Any) -> None:
        owner.post_message(RunEvent(token, msg))

    def on_output(stream: str, text: str) -> None:
        owner.post_message(RunOutput(token, stream, text))

    def work() -> None:
        try:
            outcome = body(handle, on_event, on_output)
        except refusals as e:
            owner.post_message(RunDone(token, refused=e))
            return
        except Exception as e:  # noqa: BLE001 - the verdict must still arrive
            outcome = RunResult(
                exercise=exercise,
                status=Status.CRASHED,
                message=t("run.worker_failed", detail=f"{type(e).__name__}: {e}"),
            )
        owner.post_message(RunDone(token, outcome))

    owner.run_worker(
        work, name=f"run {label} #{token}", group="runs", thread=True, exit_on_error=False
    )
    return handle


def runner_body(runner, job) -> Body:
    """The body of a plain run (a lesson block, a quiz verification): start, wait, no record."""

    def body(handle: RunHandle, on_event, on_output) -> RunResult:
        run = runner.start(job, on_event=on_event, on_output=on_output)
        handle.attach(run)
        return run.wait()

    return body
