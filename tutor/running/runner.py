"""The runner, parent side: keeps one warm worker, hands it a Job over a private pipe, reads its
events (tutor/protocol/events.py), streams and caps the learner's output, enforces the wall-clock
and memory limits, has the worker's whole process tree killed (tutor/worker/procs.py), and turns
every outcome into a RunResult. `Run.wait()` always returns a result, whatever failed.

This module never imports jax; the app and the CLI use it from their own process."""

from __future__ import annotations

import queue
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tutor.protocol.events import (  # noqa: F401 - callers build here the jobs they start
    PROTOCOL_VERSION,
    CheckDone,
    CheckStarted,
    Event,
    Finished,
    Job,
    JobKind,
    ProtocolError,
    Ready,
    Started,
    exercise_job,
    say,
    snippet_job,
)
from tutor.protocol.result import CheckOutcome, CheckStatus, ErrorInfo, RunResult, Status
from tutor.running.workerproc import EOF, WorkerProcess
from tutor.worker import procs
from tutor.worker.main import WORKER_FAILED_EXIT
from tutor.worker.tracebacks import is_memory_error, stuck_error

POLL_S = 0.04  # supervision tick: bounds cancel latency
MEMORY_POLL_S = 0.1  # the worker's own memory
TREE_POLL_S = 0.5  # the memory of what the learner's code started
STARTUP_LIMIT_S = 90.0  # a worker that has not started the job by then is considered stuck
EXIT_GRACE_S = 1.0  # after its result, the worker ends by itself within this
STACK_WAIT_S = 0.5  # on a timeout, how long to wait for the sampled stack
INTERACTIVE_WARM_DELAY_S = 0.15  # see Runner: a learner's quick check keeps both cores
QUICK_OUTPUT_S = 0.2  # a finished worker's output reaches its end within this, or we settle first


# ---------------------------------------------------------------- the parent's judgement


def finished_result(job: Job, finished: Finished) -> RunResult:
    """The worker's result, judged by the parent: its own words for how the run ended, and a pass
    only when every check the content declares reported passing."""
    result = finished.result
    result.exercise = job.exercise
    if result.status is Status.EXITED_EARLY:
        result.message = say(job.lang, "run.exited_early", code=finished.exit_code or 0)
    elif result.status is Status.MEMORY:
        result.message = say(job.lang, "run.memory", limit=job.memory_mb)
    elif result.status is Status.NOT_ATTEMPTED:
        result.message = say(job.lang, "run.missing", names=", ".join(result.missing))
    elif result.status is Status.PASSED and job.kind is JobKind.EXERCISE:
        passed = {c.id for c in result.checks if c.status is CheckStatus.PASSED}
        unverified = [i for i in job.check_ids if i not in passed]
        if not job.check_ids or unverified or len(passed) != len(result.checks):
            result.status = Status.FAILED
            result.message = say(job.lang, "run.unverified_pass", ids=", ".join(unverified) or "-")
    return result


# ---------------------------------------------------------------- a run in progress


@dataclass
class _Seen:
    """What the supervisor learnt while the job ran."""

    finished: Finished | None = None
    outcome: tuple[Status, str] | None = None  # ended by the parent: limit, cancel, fault
    checks: list[CheckOutcome] = field(default_factory=list)
    stuck: ErrorInfo | None = None
    started: bool = False


class Run:
    """A job running in a worker: `wait()` for the RunResult, `cancel()` to stop it."""

    def __init__(
        self,
        worker: WorkerProcess | None,
        job: Job,
        on_event,
        on_done,
        result: RunResult | None = None,
    ):
        self.worker, self.job = worker, job
        self.on_event, self._on_done = on_event, on_done
        self._cancel = threading.Event()
        self._done = threading.Event()
        self._settled = threading.Event()
        self.result = result
        if worker is None:  # nothing to run (see Runner.start)
            self._done.set()
            self._settled.set()
            return
        self._thread = threading.Thread(
            target=self._supervise, name=f"run-{job.exercise}", daemon=True
        )
        self._thread.start()

    def cancel(self) -> None:
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> RunResult | None:
        self._done.wait(timeout)
        return self.result

    def wait_settled(self, timeout: float | None = None) -> bool:
        """Wait until the worker's whole tree is gone, its run folder removed and the runner has
        its next worker on the way (a result may be out a little earlier); False if that did not
        happen within `timeout`."""
        return self._settled.wait(timeout)

    def say(self, key: str, **kw) -> str:
        return say(self.job.lang, key, **kw)

    def _emit(self, event: Event) -> None:
        if self.on_event is not None:
            try:
                self.on_event(event)
            except Exception:  # noqa: BLE001 - a front end's problem must not stop the run
                pass

    def _supervise(self) -> None:
        sent = time.monotonic()
        seen = _Seen()
        try:
            self._watch(seen, sent)
        except Exception as e:  # noqa: BLE001 - the tutor's own failure still ends with a result
            seen.outcome = (
                Status.CRASHED,
                self.say("run.tutor_failed", detail=f"{type(e).__name__}: {e}"),
            )
        duration = time.monotonic() - sent
        left, quick = 0, False
        try:
            left = self.worker.release()
            # A worker that reported its result and ended by itself, leaving nothing behind: the
            # result is whole once its output is read, and the learner need not wait for the
            # reaper to exit (≈ 10–30 ms) before seeing it.
            quick = (
                seen.outcome is None
                and seen.finished is not None
                and left == 0
                and not self.worker.worker_alive()
                and self.worker.output_closed(QUICK_OUTPUT_S)
            )
            if not quick:
                left += self.worker.settle()
        except Exception as e:  # noqa: BLE001
            self._kill_regardless()
            seen.outcome = seen.outcome or (
                Status.CRASHED,
                self.say("run.tutor_failed", detail=f"{type(e).__name__}: {e}"),
            )
        try:
            result = self._assemble(seen, duration)
        except Exception as e:  # noqa: BLE001
            result = RunResult(
                exercise=self.job.exercise,
                status=Status.CRASHED,
                duration_s=duration,
                message=self.say("run.tutor_failed", detail=f"{type(e).__name__}: {e}"),
            )
        if left:
            note = self.say("run.escaped", n=left)
            result.message = f"{result.message}\n{note}" if result.message else note
        self.result = result
        self._done.set()
        if quick:
            try:
                self.worker.settle()
            except Exception:  # noqa: BLE001 - the result is out; still leave nothing running
                self._kill_regardless()
        try:
            self._on_done(self)
        except Exception:  # noqa: BLE001 - the result is already out
            pass
        self._settled.set()

    def _kill_regardless(self) -> None:
        """destroy() failed: still leave nothing running."""
        reaper = self.worker.proc.pid
        try:
            procs.kill_below(reaper)
        finally:
            procs.kill_group(reaper)

    def _watch(self, seen: _Seen, sent: float) -> None:
        w, job = self.worker, self.job
        w.send(job)
        started_at: float | None = None
        ready_rss = others_rss = 0
        next_mem = next_tree = 0.0
        eof = False
        while True:
            try:
                item = w.events.get(timeout=POLL_S)
            except queue.Empty:
                item = None
            now = time.monotonic()
            if item is EOF:
                eof = True
            elif item is not None:
                try:
                    if self._accept(item, seen):
                        w.wait_worker(EXIT_GRACE_S)
                        return
                except ProtocolError as e:
                    seen.outcome = (
                        Status.CRASHED,
                        self.say("run.protocol_error", detail=str(e)[:300]),
                    )
                    return
                if isinstance(item, Ready):
                    ready_rss = procs.tree_rss(w.proc.pid)
                if isinstance(item, Started):
                    started_at = now
            if eof and not w.worker_alive():  # gone without a result on the pipe
                for late in w.fallback_events():
                    try:
                        if self._accept(late, seen):
                            break
                    except ProtocolError as e:
                        seen.outcome = (
                            Status.CRASHED,
                            self.say("run.protocol_error", detail=str(e)[:300]),
                        )
                        break
                return
            if self._cancel.is_set():
                seen.outcome = (Status.CANCELLED, self.say("run.cancelled"))
                return
            if started_at is None and now - sent > STARTUP_LIMIT_S:
                seen.outcome = (
                    Status.TIMEOUT,
                    self.say("run.start_timeout", limit=STARTUP_LIMIT_S),
                )
                return
            if started_at is not None and now - started_at > job.time_limit:
                seen.outcome = (Status.TIMEOUT, self.say("run.timeout", limit=job.time_limit))
                seen.stuck = stuck_error(
                    w.stack_dump(STACK_WAIT_S),
                    job.learner_filename,
                    job.code if job.kind is JobKind.SNIPPET else None,
                    lang=job.lang,
                )
                return
            if w.handle is not None and now >= next_mem:
                next_mem = now + MEMORY_POLL_S
                own = procs.rss(w.handle)
                if now >= next_tree:
                    next_tree = now + TREE_POLL_S
                    others_rss = max(0, procs.tree_rss(w.proc.pid) - own)
                if own + others_rss > ready_rss + job.memory_mb * 1024 * 1024:
                    seen.outcome = (Status.MEMORY, self.say("run.memory", limit=job.memory_mb))
                    return

    def _accept(self, item, seen: _Seen) -> bool:
        """Check one event against the protocol and this run; True when it is the result."""
        if isinstance(item, ProtocolError):
            raise item
        if isinstance(item, Ready):
            if item.version != PROTOCOL_VERSION or seen.started:
                raise ProtocolError(f"unexpected ready (version {item.version})")
            return False
        if item.nonce != self.job.nonce:
            raise ProtocolError(f"{item.type} without this run's nonce")
        if isinstance(item, Started):
            if seen.started:
                raise ProtocolError("started twice")
            seen.started = True
            self._emit(item)
            return False
        if not seen.started:
            raise ProtocolError(f"{item.type} before started")
        if isinstance(item, CheckStarted):
            self._emit(item)
            return False
        if isinstance(item, CheckDone):
            seen.checks.append(item.check)
            self._emit(item)
            return False
        seen.finished = item
        return True

    def _assemble(self, seen: _Seen, duration: float) -> RunResult:
        job, w = self.job, self.worker
        if seen.outcome is not None:
            result = RunResult(
                exercise=job.exercise,
                status=seen.outcome[0],
                message=seen.outcome[1],
                checks=seen.checks,
                error=seen.stuck,
            )
        elif seen.finished is not None:
            result = finished_result(job, seen.finished)
        else:
            result = self._died(seen)
        result.duration_s = duration
        notice = self.say("run.output_dropped", n="{n}")
        result.stdout = w.stdout.text(notice)
        result.stderr = w.stderr.text(notice)
        result.output_truncated = w.stdout.truncated or w.stderr.truncated
        return result

    def _died(self, seen: _Seen) -> RunResult:
        """The worker ended without a result: say how."""
        job, rc = self.job, self.worker.proc.returncode
        status, message = Status.CRASHED, self.say("run.crashed", signal="?")
        if rc is not None and rc < 0:
            sig = -rc
            if sig == signal.SIGXCPU:
                status, message = Status.TIMEOUT, self.say("run.cpu", limit=job.cpu_limit_s)
            elif is_memory_error(None, self.worker.stderr.text()[-4000:]):
                status, message = Status.MEMORY, self.say("run.memory", limit=job.memory_mb)
            else:
                try:
                    name = signal.Signals(sig).name
                except ValueError:
                    name = str(sig)
                message = self.say("run.crashed", signal=name)
        elif rc == WORKER_FAILED_EXIT:
            message = self.say("run.worker_died", code=rc)
        elif rc is not None:
            status, message = Status.EXITED_EARLY, self.say("run.exited_early", code=rc)
        return RunResult(exercise=job.exercise, status=status, message=message, checks=seen.checks)


# ---------------------------------------------------------------- the pool


class Runner:
    """Hands jobs to exec'd one-shot workers, keeping the next one warm."""

    def __init__(
        self, python: str | None = None, keep_warm: bool = True, warm_beside_after: float = 0.0
    ):
        """`warm_beside_after`: how long a job runs before the next worker starts warming up
        beside it (importing jax takes about a core for half a second). 0 suits many jobs in a
        row; someone waiting for one verdict is better served by INTERACTIVE_WARM_DELAY_S, so a
        quick check has the machine to itself and the next worker starts when it ends."""
        self.python = python or sys.executable
        self.keep_warm = keep_warm
        self.warm_beside_after = warm_beside_after
        self.unsupported = procs.unsupported_reason()
        self._lock = threading.Lock()
        self._spare: WorkerProcess | None = None
        self._context_hint: str | None = None
        self._runs: set[Run] = set()
        self._closed = False
        if self.unsupported is None:
            try:
                procs.remove_stale_run_dirs()
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
                self._spare = WorkerProcess(self.python, ctx)

    def _take_worker(self, job: Job) -> WorkerProcess:
        with self._lock:
            spare, self._spare = self._spare, None
        if spare is not None and spare.alive():
            return spare
        if spare is not None:
            spare.destroy()
        return WorkerProcess(self.python, job.context)

    def start(
        self,
        job: Job,
        on_event: Callable[[Event], None] | None = None,
        on_output: Callable[[str, str], None] | None = None,
    ) -> Run:
        """Start `job`. `on_event` receives the protocol's Started, CheckStarted and CheckDone
        events (from the run's thread). Raises ValueError for a job with impossible limits."""
        if self._closed:
            raise RuntimeError("runner is closed")
        job.validate()
        if self.unsupported is not None:
            return Run(
                None,
                job,
                None,
                None,
                result=RunResult(
                    exercise=job.exercise,
                    status=Status.CRASHED,
                    message=say(job.lang, "run.unsupported_platform", platform=self.unsupported),
                ),
            )
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

    def run(self, job: Job, **kw) -> RunResult:
        run = self.start(job, **kw)
        try:
            return run.wait()
        except KeyboardInterrupt:
            run.cancel()
            return run.wait()

    def _warm_beside(self, run: Run, context) -> None:
        if run.wait(0) is None:
            self._warm_quietly(context)

    def _warm_quietly(self, context) -> None:
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
