"""Runs a job in the runner off the UI thread. The background side never touches widgets: it
posts messages (thread-safe) to the widget that asked, which updates itself on the UI thread."""

from __future__ import annotations

import threading
from typing import Any

from textual.message import Message
from textual.message_pump import MessagePump

from tutor.result import RunResult, Status


class RunEvent(Message):
    """A progress event from the worker: started, check_started, check_done."""

    def __init__(self, token: int, event: dict[str, Any]):
        super().__init__()
        self.token, self.event = token, event


class RunOutput(Message):
    """A chunk of the learner's stdout/stderr, streamed live."""

    def __init__(self, token: int, stream: str, text: str):
        super().__init__()
        self.token, self.stream, self.text = token, stream, text


class RunDone(Message):
    def __init__(self, token: int, result: RunResult):
        super().__init__()
        self.token, self.result = token, result


class RunHandle:
    """One run started from the UI: `cancel()` works before and after the runner accepted it."""

    _next = 0

    def __init__(self):
        RunHandle._next += 1
        self.token = RunHandle._next
        self.run = None
        self.cancelled = False
        self.finished = False
        self._lock = threading.Lock()

    def cancel(self) -> None:
        with self._lock:
            self.cancelled = True
            run = self.run
        if run is not None:
            run.cancel()


def start_run(runner, job, target: MessagePump, before=None, after=None) -> RunHandle:
    """Start `job` on `runner` from a background thread; `target` receives RunEvent, RunOutput
    and finally RunDone (with a CANCELLED result if it was cancelled before it started).

    `before()` and `after(result)` run on that thread too (saving the draft, recording the
    attempt: disk writes with fsync that must not stall the UI); they never touch widgets."""
    handle = RunHandle()
    token = handle.token

    def on_event(msg: dict) -> None:
        target.post_message(RunEvent(token, msg))

    def on_output(stream: str, text: str) -> None:
        target.post_message(RunOutput(token, stream, text))

    def finish(result: RunResult) -> None:
        if after is not None:
            try:
                after(result)
            except Exception:  # noqa: BLE001 - the verdict must still arrive
                pass
        handle.finished = True
        target.post_message(RunDone(token, result))

    def body() -> None:
        try:
            if before is not None:
                before()
            run = runner.start(job, on_event=on_event, on_output=on_output)
        except Exception as e:  # the worker could not start
            from tutor.messages import t

            finish(RunResult(exercise=job.exercise, status=Status.CRASHED,
                             message=t("run.worker_failed", detail=str(e))))
            return
        with handle._lock:
            handle.run = run
            cancel_now = handle.cancelled
        if cancel_now:
            run.cancel()
        finish(run.wait())

    threading.Thread(target=body, name=f"ui-run-{token}", daemon=True).start()
    return handle
