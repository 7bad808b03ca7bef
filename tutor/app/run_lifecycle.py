"""The one UI run lifecycle, used by every widget or screen that runs something (the exercise's
results pane, a lesson example, the playground, a quiz verification).

The run's work happens in a Textual thread worker that never touches widgets: it calls the session
(tutor/application/session.py), which streams typed updates (`RunUpdate`), and posts them to the
owner as `RunUpdated` messages, then exactly one `RunDone` with the typed outcome (`Verdict`) or
the refusal (`RunRefused`). Each message carries the run's token: `RunLifecycle.current` tells a
message of this run from one of an older run, in one place. While a run goes, a timer asks the
owner to redraw its elapsed / limit counter (`counter_text`)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget

from tutor.application.session import (
    Output,
    RunControl,
    RunRefused,
    RunUpdate,
    Verdict,
    failed_verdict,
)
from tutor.terminal_text import sanitize
from tutor.words.catalog import t

TICK_S = 0.5  # the counter's refresh
MAX_LIVE_CHARS = 20_000  # live output kept while a snippet runs; the final result is capped apart

_tokens = itertools.count(1)

Listener = Callable[[RunUpdate], None]
Work = Callable[[Listener, RunControl], Verdict]  # runs on the worker thread: no widgets


class RunUpdated(Message):
    """A progress event from the worker or a chunk of the learner's output, as it happens."""

    def __init__(self, token: int, update: RunUpdate):
        super().__init__()
        self.token, self.update = token, update


class RunDone(Message):
    """The run is over: `verdict`, or `refused` when it never started (e.g. the draft could not
    be saved)."""

    def __init__(self, token: int, verdict: Verdict | None, refused: RunRefused | None = None):
        super().__init__()
        self.token, self.verdict, self.refused = token, verdict, refused


class RunLifecycle:
    """One run at a time for its `owner`. `on_tick` redraws the owner's counter; it is called
    at the start and every TICK_S while the run goes."""

    def __init__(self, owner: Widget, on_tick: Callable[[], None]):
        self.owner, self.on_tick = owner, on_tick
        self.token = 0
        self.control: RunControl | None = None
        self.started_at = 0.0
        self.limit_s = 0.0
        self._timer: Timer | None = None
        self.live = ""  # the learner's output so far (sanitised, up to MAX_LIVE_CHARS)

    @property
    def running(self) -> bool:
        return self.control is not None

    def start(self, work: Work, *, label: str, limit_s: float) -> None:
        """Run `work(listener, control)` in a thread worker named after `label`."""
        self.token = token = next(_tokens)
        self.control = control = RunControl()
        self.started_at, self.limit_s = time.monotonic(), limit_s
        self.live = ""
        owner = self.owner

        def listener(update: RunUpdate) -> None:
            owner.post_message(RunUpdated(token, update))

        def body() -> None:
            try:
                verdict = work(listener, control)
            except RunRefused as e:
                owner.post_message(RunDone(token, None, e))
                return
            except Exception as e:  # noqa: BLE001 - the verdict must still arrive
                verdict = failed_verdict(label, e)
            owner.post_message(RunDone(token, verdict))

        owner.run_worker(
            body, name=f"run {label} #{token}", group="runs", thread=True, exit_on_error=False
        )
        self._timer = owner.set_interval(TICK_S, self.on_tick)
        self.on_tick()

    def cancel(self) -> None:
        if self.control is not None:
            self.control.cancel()

    @property
    def cancelling(self) -> bool:
        return self.control is not None and self.control.cancelled

    def elapsed(self) -> float:
        return time.monotonic() - self.started_at

    def counter_text(self, key: str = "app.run.counter") -> str:
        """The running line with its elapsed / limit counter, e.g. "running… 2.0 / 20 s"."""
        return t(key, secs=self.elapsed(), limit=self.limit_s)

    def keep_output(self, update: RunUpdate) -> bool:
        """Add an output chunk to `live`; False for an update that is not output."""
        if not isinstance(update, Output):
            return False
        if len(self.live) < MAX_LIVE_CHARS:
            self.live += sanitize(update.text)
        return True

    def current(self, message: RunUpdated | RunDone) -> bool:
        """The message belongs to the run going on now. A RunDone of it ends the run here."""
        if self.control is None or message.token != self.token:
            return False
        if isinstance(message, RunDone):
            self.control = None
            if self._timer is not None:
                self._timer.stop()
                self._timer = None
        return True
