"""The runner, parent side: the pool of one-shot workers. It keeps the next worker warm, hands
each job to one (a Run, tutor/running/run.py, supervised in one asyncio task: `await
runner.run(job)`), and closes them all on the way out. `run_sync` is the same run in an
`asyncio.run` of its own (the course proof, scripts); a warm spare belongs to no event loop, so
the runs of one runner may come from several loops one after another.

This module never imports jax; the app and the CLI use it from their own process."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from tutor.protocol.events import (  # noqa: F401 - callers build here the jobs they start
    Event,
    Job,
    exercise_job,
    snippet_job,
)
from tutor.protocol.result import RunResult
from tutor.running.judging import Ended, Facts, judge
from tutor.running.run import RefusedRun, Run
from tutor.running.worker_process import WorkerProcess
from tutor.worker import processes

INTERACTIVE_WARM_DELAY_S = 0.15  # see Runner: a learner's quick check keeps both cores


class Runner:
    """Hands jobs to exec'd one-shot workers, keeping the next one warm."""

    def __init__(
        self,
        python: str | None = None,
        keep_warm: bool = True,
        warm_beside_after: float = 0.0,
        worker: list[str] | None = None,
    ):
        """`warm_beside_after`: how long a job runs before the next worker starts warming up
        beside it (importing jax takes about a core for half a second). 0 suits many jobs in a
        row; someone waiting for one verdict is better served by INTERACTIVE_WARM_DELAY_S, so a
        quick check has the machine to itself and the next worker starts when it ends.
        `worker`: the program a worker runs (default `python -m tutor.worker.main`); the
        supervision tests give one that speaks the same protocol without jax."""
        self.command = worker or [python or sys.executable, "-m", "tutor.worker.main"]
        self.keep_warm = keep_warm
        self.warm_beside_after = warm_beside_after
        self.unsupported = processes.unsupported_reason()
        self._lock = threading.Lock()  # warm() may be called from a thread of the front end
        self._spare: WorkerProcess | None = None
        self._context_hint: str | None = None
        self._runs: set[Run] = set()
        self._closed = False
        if self.unsupported is None:
            try:
                processes.remove_stale_run_dirs()
            except Exception:  # noqa: BLE001 - tidying up must never stop a start
                pass

    @property
    def spare(self) -> WorkerProcess | None:
        """The worker kept for the next job (warming or warm; None while none is on its way)."""
        with self._lock:
            return self._spare

    def warm(self, context: Path | str | None = None) -> None:
        """Make sure a warm worker (with this chapter context preloaded) is on its way. Blocking
        while a spare preloaded with another context is destroyed: call it off a UI loop."""
        if self.unsupported is not None:
            return
        ctx = str(context) if context else None
        with self._lock:
            self._context_hint = ctx
            # Any worker can run any job (it re-executes a different context itself); replacing
            # one only pays off when a chapter context is wanted and another one is preloaded.
            stale = self._spare is not None and ctx is not None and self._spare.context != ctx
            old = None
            if self._spare is not None and (not self._spare.alive() or stale):
                old, self._spare = self._spare, None
            if self._spare is None and not self._closed:
                self._spare = WorkerProcess(self.command, ctx)
        if old is not None:
            old.destroy()

    def _spawn_spare(self, context: str | None) -> None:
        """A spare on its way unless there is one (never blocks: called in a run's loop)."""
        try:
            with self._lock:
                if self._spare is None and not self._closed:
                    self._spare = WorkerProcess(self.command, context)
        except Exception:  # noqa: BLE001 - the next start spawns a worker itself
            pass

    def _take_worker(self, job: Job) -> WorkerProcess:
        with self._lock:
            spare, self._spare = self._spare, None
        if (
            spare is not None
            and spare.alive()
            and spare.content == os.environ.get("JAXTUTOR_CONTENT")
        ):
            return spare
        if spare is not None:
            spare.destroy()
        return WorkerProcess(self.command, job.context)

    def start(self, job: Job) -> Run | RefusedRun:
        """The run of `job` on a worker (the warm spare, or a new one), to be supervised with
        `await run.supervise(...)`. Raises ValueError for a job with impossible limits, OSError
        when no worker can be started."""
        if self._closed:
            raise RuntimeError("runner is closed")
        job.validate()
        if self.unsupported is not None:
            facts = Facts.of(job, ended=Ended.UNSUPPORTED, detail=self.unsupported)
            return RefusedRun(judge(facts))
        worker = self._take_worker(job)
        beside = None
        if self.keep_warm:
            # A one-shot worker is gone afterwards, and importing jax takes longer than most
            # checks: the next one warms up beside this job (see warm_beside_after), or after it.
            if self.warm_beside_after <= 0:
                self._spawn_spare(job.context)
            else:
                beside = (self.warm_beside_after, lambda: self._spawn_spare(job.context))
        run = Run(worker, job, self._finished, beside)
        with self._lock:
            self._runs.add(run)
        return run

    async def run(
        self,
        job: Job,
        on_event: Callable[[Event], None] | None = None,
        on_output: Callable[[str, str], None] | None = None,
    ) -> RunResult:
        """Run `job` to its judged result in the current task. `on_event` receives the
        protocol's Started, CheckStarted and CheckDone events, `on_output` the learner's output;
        cancelling the task cancels the run (and still returns its result). Raises ValueError
        for a job with impossible limits, OSError when no worker can be started."""
        return await self.start(job).supervise(on_event, on_output)

    def run_sync(
        self,
        job: Job,
        on_event: Callable[[Event], None] | None = None,
        on_output: Callable[[str, str], None] | None = None,
    ) -> RunResult:
        """`run` in an event loop of its own; Ctrl-C cancels the run (the cancelled result)."""
        return asyncio.run(self.run(job, on_event, on_output))

    def _finished(self, run: Run) -> None:
        with self._lock:
            self._runs.discard(run)
            respawn = self.keep_warm and not self._closed and self._spare is None
            hint = self._context_hint
        if respawn:
            self._spawn_spare(hint)

    def close(self) -> None:
        """No more runs: the spare destroyed, and the worker of any run still going (its task,
        if its loop ever resumes it, finds the worker gone)."""
        with self._lock:
            self._closed = True
            spare, self._spare = self._spare, None
            runs = list(self._runs)
        for run in runs:
            run.worker.destroy()
        if spare is not None:
            spare.destroy()
