"""The runner, parent side: the pool of one-shot workers. It keeps the next worker warm, hands
each job to one (supervised by a Run, tutor/running/run.py), and closes them all on the way out.

This module never imports jax; the app and the CLI use it from their own process."""

from __future__ import annotations

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
        self._lock = threading.Lock()
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
        """Make sure a warm worker (with this chapter context preloaded) is on its way."""
        if self.unsupported is not None:
            return
        ctx = str(context) if context else None
        with self._lock:
            self._context_hint = ctx
            # Any worker can run any job (it re-executes a different context itself); replacing
            # one only pays off when a chapter context is wanted and another one is preloaded.
            stale = self._spare is not None and ctx is not None and self._spare.context != ctx
            if self._spare is not None and (not self._spare.alive() or stale):
                old, self._spare = self._spare, None
                threading.Thread(target=old.destroy, daemon=True).start()
            if self._spare is None and not self._closed:
                self._spare = WorkerProcess(self.command, ctx)

    def _take_worker(self, job: Job) -> WorkerProcess:
        with self._lock:
            spare, self._spare = self._spare, None
        if spare is not None and spare.alive():
            return spare
        if spare is not None:
            spare.destroy()
        return WorkerProcess(self.command, job.context)

    def start(
        self,
        job: Job,
        on_event: Callable[[Event], None] | None = None,
        on_output: Callable[[str, str], None] | None = None,
    ) -> Run | RefusedRun:
        """Start `job`. `on_event` receives the protocol's Started, CheckStarted and CheckDone
        events (from the run's thread). Raises ValueError for a job with impossible limits."""
        if self._closed:
            raise RuntimeError("runner is closed")
        job.validate()
        if self.unsupported is not None:
            facts = Facts.of(job, ended=Ended.UNSUPPORTED, detail=self.unsupported)
            return RefusedRun(judge(facts))
        worker = self._take_worker(job)
        worker.on_output = on_output
        run = Run(worker, job, on_event, self._finished)
        with self._lock:
            self._runs.add(run)
        if self.keep_warm:
            # A one-shot worker is gone afterwards, and importing jax takes longer than most
            # checks: the next one warms up beside this job (see warm_beside_after), or after it.
            if self.warm_beside_after <= 0:
                self._warm_quietly(job.context)
            else:
                timer = threading.Timer(
                    self.warm_beside_after, self._warm_beside, args=(run, job.context)
                )
                timer.daemon = True
                timer.start()
        return run

    def run(
        self,
        job: Job,
        on_event: Callable[[Event], None] | None = None,
        on_output: Callable[[str, str], None] | None = None,
    ) -> RunResult:
        """Start `job` and wait for its result; Ctrl-C cancels it (and still waits)."""
        run = self.start(job, on_event, on_output)
        try:
            return run.wait()
        except KeyboardInterrupt:
            run.cancel()
            return run.wait()

    def _warm_beside(self, run: Run, context: str | None) -> None:
        if run.wait(0) is None:
            self._warm_quietly(context)

    def _warm_quietly(self, context: str | None) -> None:
        try:
            self.warm(context)
        except Exception:  # noqa: BLE001 - the next start spawns a worker itself
            pass

    def _finished(self, run: Run) -> None:
        with self._lock:
            self._runs.discard(run)
            respawn = self.keep_warm and not self._closed and self._spare is None
            hint = self._context_hint
        if respawn:
            self._warm_quietly(hint)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            spare, self._spare = self._spare, None
            runs = list(self._runs)
        for run in runs:
            run.cancel()
        for run in runs:
            run.wait_settled(5)
        if spare is not None:
            spare.destroy()
