"""The one run service: every run — an exercise's checks, a lesson example, the playground, a quiz
verification — starts here, reports one typed stream of updates (`RunUpdate`: the worker's
progress events and the learner's output) and ends in one typed outcome (`Verdict`).

The runner judges the run (tutor/running/judging.py); the session annotates an exercise's verdict
once (reference solution, recorded or not). The service owns the runner: created on first use
(it never imports jax), or given (tests pass a fake that meets `RunnerLike`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from tutor.words.catalog import lang

if TYPE_CHECKING:  # `jaxtutor list` opens a session: it must not pay for the result model
    from tutor.protocol.events import Event, Job
    from tutor.protocol.result import CheckOutcome, RunResult


# ------------------------------------------------------------ what the service needs of a runner


class RunnerLike(Protocol):
    """What the service needs from a runner (tutor.running.runner.Runner); tests' fakes meet it.
    `run` is the whole run in the awaiting task; cancelling that task cancels the run, which still
    returns its (cancelled) result."""

    async def run(
        self,
        job: Job,
        on_event: Callable[[Event], None] | None = None,
        on_output: Callable[[str, str], None] | None = None,
    ) -> RunResult: ...

    def warm(self, context: Path | str | None = None) -> None: ...

    def close(self) -> None: ...


# ---------------------------------------------------------------- the stream and the outcome


@dataclass(frozen=True)
class Output:
    """A chunk of the learner's stdout or stderr, as it is printed."""

    stream: str
    text: str


@dataclass(frozen=True)
class RunBegan:
    """The worker began the job (its warm-up is over)."""


@dataclass(frozen=True)
class CheckBegan:
    """A check started."""

    id: str
    name: str


@dataclass(frozen=True)
class CheckEnded:
    """A check's outcome, as soon as it is known."""

    check: CheckOutcome


# The front ends' own updates: nothing of the protocol (no event type, no run secret) reaches them.
type RunUpdate = RunBegan | CheckBegan | CheckEnded | Output
type Listener = Callable[[RunUpdate], None]


@dataclass
class Verdict:
    """How a run ended, and what became of recording it (only exercise runs are recorded)."""

    result: RunResult
    file: Path | None = None  # the file that was checked (None for a snippet)
    reference: bool = False  # the file is the reference solution, byte for byte
    # the exercise's stored status once this run was recorded (what a workspace shows); None
    # when nothing was recorded: a snippet, no worker, or a recording failure (`record_error`)
    exercise_status: str | None = None
    record_error: str | None = None  # why the attempt could not be recorded, if it could not

    @property
    def passed(self) -> bool:
        from tutor.protocol.result import Status

        return self.result.status == Status.PASSED

    @property
    def cancelled(self) -> bool:
        """The run was cancelled (the app's Esc, the CLI's Ctrl-C)."""
        from tutor.protocol.result import Status

        return self.result.status == Status.CANCELLED


class WorkerUnavailable(Exception):
    """The runner could not start the job (no worker): `result` is the CRASHED result that says
    why. Not an attempt the learner made, so the session records nothing."""

    def __init__(self, result: RunResult):
        super().__init__(result.message)
        self.result = result


@dataclass(frozen=True)
class Snippet:
    """Code run as it is, with no checks: a lesson example, the playground, a quiz verification."""

    code: str
    label: str  # names the run in messages and results
    time_limit: float = 60.0
    context: Path | None = None  # the chapter context executed first, if any
    filename: str = "<lesson>"


# ---------------------------------------------------------------- the service


class RunService:
    """Starts jobs on one runner. `keep_warm` keeps a worker ready for the next run;
    `interactive` when a person waits for each verdict (see Runner's warm_beside_after)."""

    def __init__(
        self,
        runner: RunnerLike | None = None,
        *,
        keep_warm: bool = True,
        interactive: bool = True,
    ):
        self._runner = runner
        self._owns_runner = runner is None
        self.keep_warm, self.interactive = keep_warm, interactive
        self._lock = threading.Lock()

    @property
    def runner(self) -> RunnerLike:
        with self._lock:
            if self._runner is None:
                from tutor.running.runner import INTERACTIVE_WARM_DELAY_S, Runner

                self._runner = Runner(
                    keep_warm=self.keep_warm,
                    warm_beside_after=INTERACTIVE_WARM_DELAY_S if self.interactive else 0.0,
                )
            return self._runner

    def warm(self, context: Path | str | None = None) -> None:
        """A warm worker for this context on its way (blocking: call it off the UI thread)."""
        if self.keep_warm:
            self.runner.warm(context)

    def close(self) -> None:
        with self._lock:
            runner, self._runner = self._runner, None
        if runner is not None and self._owns_runner:
            runner.close()

    async def run(self, job: Job, *, listener: Listener | None = None) -> RunResult:
        """Run `job` in the awaiting task, stream its updates to `listener`, return the runner's
        verdict; cancelling the task cancels the run (its verdict says so). Raises
        WorkerUnavailable when the runner cannot start it."""
        from tutor.protocol.events import CheckDone, CheckStarted, Started
        from tutor.running.judging import Ended, Facts, judge

        def on_event(event: Event) -> None:
            if listener is None:
                return
            if isinstance(event, Started):
                listener(RunBegan())
            elif isinstance(event, CheckStarted):
                listener(CheckBegan(event.id, event.name))
            elif isinstance(event, CheckDone):
                listener(CheckEnded(event.check))

        def on_output(stream: str, text: str) -> None:
            if listener is not None:
                listener(Output(stream, text))

        try:
            return await self.runner.run(job, on_event=on_event, on_output=on_output)
        except Exception as e:  # noqa: BLE001 - no worker: a verdict that says so
            facts = Facts.of(job, ended=Ended.NO_WORKER, detail=f"{type(e).__name__}: {e}")
            raise WorkerUnavailable(judge(facts)) from e

    async def snippet(
        self, snippet: Snippet, *, lang: str | None = None, listener: Listener | None = None
    ) -> Verdict:
        """Run code with no checks; nothing is recorded."""
        from tutor.protocol.events import snippet_job

        job = snippet_job(
            snippet.code,
            label=snippet.label,
            time_limit=snippet.time_limit,
            context=snippet.context,
            filename=snippet.filename,
            lang=lang,
        )
        try:
            return Verdict(await self.run(job, listener=listener))
        except WorkerUnavailable as e:
            return Verdict(e.result)


def failed_verdict(label: str, error: Exception) -> Verdict:
    """The verdict of a run the front end's own code could not carry out (the judge says it)."""
    from tutor.running.judging import Ended, Facts, judge

    facts = Facts(label, lang(), ended=Ended.NO_WORKER, detail=f"{type(error).__name__}: {error}")
    return Verdict(judge(facts))


def cancelled_verdict(label: str) -> Verdict:
    """The verdict of a run cancelled before the runner had it (the judge says it)."""
    from tutor.running.judging import Ended, Facts, judge

    return Verdict(judge(Facts(label, lang(), ended=Ended.CANCELLED)))


def refused_result(exercise: str, reason: str, kind: str) -> RunResult:
    """The result document of a check refused before it ran (an unknown id, a FILE that is not a
    regular file, a store that cannot be opened): status error, the reason as its message."""
    from tutor.running.judging import Ended, Facts, judge

    facts = Facts(exercise, lang(), ended=Ended.REFUSED, detail=reason, error_type=kind)
    return judge(facts)
