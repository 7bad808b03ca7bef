"""The one UI run lifecycle, used by every widget or screen that runs something (the exercise's
results pane, a lesson example, the playground, a quiz verification).

The run is one asyncio task: an exclusive Textual async worker of the owner (what `@work(
exclusive=True)` starts) that never touches widgets. It awaits the session
(tutor/application/session.py), which runs the job in this very task (the worker's pipes read
by the app's event loop, its limits enforced there) and streams typed updates (`RunUpdate`); it
posts them to the owner as `RunUpdated` messages, then exactly one `RunDone` with the typed
outcome (`Verdict`) or the refusal (`RunRefused`). Cancelling is cancelling the task: the runner
kills and reaps the worker and the verdict says cancelled. Each message carries the run's token:
`RunLifecycle.current` tells a message of this run from one of an older run, in one place. While
a run goes, a timer asks the owner to redraw its elapsed / limit counter (`counter_text`)."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Awaitable, Callable

from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget
from textual.worker import Worker

from tutor.application.session import (
    Output,
    RunRefused,
    RunUpdate,
    Verdict,
    cancelled_verdict,
    failed_verdict,
)
from tutor.terminal_text import sanitize
from tutor.words.catalog import t

TICK_S = 0.5  # the counter's refresh
MAX_LIVE_CHARS = 20_000  # live output kept while a snippet runs; the final result is capped apart

_tokens = itertools.count(1)

Listener = Callable[[RunUpdate], None]
Work = Callable[[Listener], Awaitable[Verdict]]  # the run's task: no widgets


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
        self.worker: Worker | None = None  # the run's task, until its RunDone is taken
        self.cancelling = False
        self.started_at = 0.0
        self.limit_s = 0.0
        self._timer: Timer | None = None
        self.live = ""  # the learner's output so far (sanitised, up to MAX_LIVE_CHARS)

    @property
    def running(self) -> bool:
        return self.worker is not None

    def start(self, work: Work, *, label: str, limit_s: float) -> None:
        """Await `work(listener)` in an exclusive async worker named after `label`."""
        self.token = token = next(_tokens)
        self.cancelling = False
        self.started_at, self.limit_s = time.monotonic(), limit_s
        self.live = ""
        owner = self.owner

        def listener(update: RunUpdate) -> None:
            owner.post_message(RunUpdated(token, update))

        async def body() -> None:
            try:
                verdict = await work(listener)
            except RunRefused as e:
                owner.post_message(RunDone(token, None, e))
                return
            except asyncio.CancelledError:  # before the runner had it: nothing ran
                owner.post_message(RunDone(token, cancelled_verdict(label)))
                raise
            except Exception as e:  # noqa: BLE001 - the verdict must still arrive
                verdict = failed_verdict(label, e)
            owner.post_message(RunDone(token, verdict))

        self.worker = owner.run_worker(
            body(), name=f"run {label} #{token}", group="runs", exclusive=True, exit_on_error=False
        )
        self._timer = owner.set_interval(TICK_S, self.on_tick)
        self.on_tick()

    def cancel(self) -> None:
        """Cancel the run's task (its verdict, cancelled, still arrives as RunDone)."""
        if self.worker is not None:
            self.cancelling = True
            self.worker.cancel()

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
        if self.worker is None or message.token != self.token:
            return False
        if isinstance(message, RunDone):
            self.worker = None
            if self._timer is not None:
                self._timer.stop()
                self._timer = None
        return True
