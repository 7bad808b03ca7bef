"""One job in one worker, supervised from the parent: sending the job, reading its events in the
protocol's order (tutor/running/judging.py), enforcing the start-up, wall-clock and memory limits
and a cancel, having the worker's whole process tree killed (tutor/worker/processes.py), and
gathering what it learnt as `Facts` for the judge (`judging.judge`, the only place a run's status
is decided), with the learner's capped output. `Run.wait()` always returns a result, whatever
failed.

This module never imports jax; the app and the CLI use it from their own process."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import overload

from tutor.protocol.events import (
    CheckDone,
    CheckStarted,
    Event,
    Job,
    JobKind,
    ProtocolError,
    Ready,
    Started,
    say,
)
from tutor.protocol.result import ErrorInfo, RunResult
from tutor.running.judging import Ended, Facts, JobEvents, judge
from tutor.running.worker_process import EndOfEvents, WorkerProcess
from tutor.worker import processes
from tutor.worker.tracebacks import stuck_error

STARTUP_LIMIT_S = 90.0  # a worker that has not started the job by then is considered stuck
POLL_S = 0.04  # supervision tick: bounds cancel latency
MEMORY_POLL_S = 0.1  # the worker's own memory
TREE_POLL_S = 0.5  # the memory of what the learner's code started
EXIT_GRACE_S = 1.0  # after its result, the worker ends by itself within this
STACK_WAIT_S = 3.0  # on a timeout, how long to wait for the worker to write its stack (it runs
# niced: on a loaded machine 1 s was once not enough for it to be scheduled and write it)
QUICK_OUTPUT_S = 0.2  # a finished worker's output reaches its end within this, or we settle first


@dataclass
class _Seen:
    """What the supervisor learnt while the job ran (facts for the judge, nothing decided)."""

    events: JobEvents
    ended: Ended | None = None  # ended by the parent: limit, cancel, fault
    detail: str = ""  # what the fault was
    stuck: ErrorInfo | None = None

    def end(self, ended: Ended, detail: str = "") -> None:
        self.ended, self.detail = ended, detail


@dataclass
class _Memory:
    """The memory watch: the tree's size when the worker was ready, and when to look again."""

    ready_rss: int = 0
    others_rss: int = 0  # what the learner's code started, read less often
    next_own: float = 0.0
    next_tree: float = 0.0


class Run:
    """A job running in a worker: `wait()` for the RunResult, `cancel()` to stop it."""

    def __init__(
        self,
        worker: WorkerProcess,
        job: Job,
        on_event: Callable[[Event], None] | None,
        on_done: Callable[[Run], None],
    ):
        self.worker, self.job = worker, job
        self.on_event, self._on_done = on_event, on_done
        self._cancel = threading.Event()
        self._done = threading.Event()
        self._settled = threading.Event()
        self.result: RunResult | None = None
        self._thread = threading.Thread(
            target=self._supervise, name=f"run-{job.exercise}", daemon=True
        )
        self._thread.start()

    def cancel(self) -> None:
        self._cancel.set()

    @overload
    def wait(self) -> RunResult: ...
    @overload
    def wait(self, timeout: float | None = None) -> RunResult | None: ...
    def wait(self, timeout: float | None = None) -> RunResult | None:
        """The result; without a timeout it is always there (None only when `timeout` passed)."""
        self._done.wait(timeout)
        return self.result

    def wait_settled(self, timeout: float | None = None) -> bool:
        """Wait until the worker's whole tree is gone, its run folder removed and the runner has
        its next worker on the way (a result may be out a little earlier); False if that did not
        happen within `timeout`."""
        return self._settled.wait(timeout)

    def say(self, key: str, **kw: object) -> str:
        return say(self.job.lang, key, **kw)

    def _emit(self, event: Event) -> None:
        if self.on_event is not None:
            try:
                self.on_event(event)
            except Exception:  # noqa: BLE001 - a front end's problem must not stop the run
                pass

    def _supervise(self) -> None:
        sent = time.monotonic()
        seen = _Seen(JobEvents(self.job.nonce))
        try:
            self._watch(seen, sent)
        except Exception as e:  # noqa: BLE001 - the tutor's own failure still ends with a result
            seen.end(Ended.TUTOR_FAILED, f"{type(e).__name__}: {e}")
        duration = time.monotonic() - sent
        left, quick = 0, False
        try:
            left = self.worker.release()
            # A worker that reported its result and ended by itself, leaving nothing behind: the
            # result is whole once its output is read, and the learner need not wait for the
            # reaper to exit (≈ 10–30 ms) before seeing it.
            quick = (
                seen.ended is None
                and seen.events.finished is not None
                and left == 0
                and not self.worker.worker_alive()
                and self.worker.output_closed(QUICK_OUTPUT_S)
            )
            if not quick:
                left = self.worker.settle()  # the processes left, each counted once
        except Exception as e:  # noqa: BLE001
            self._kill_regardless()
            if seen.ended is None:
                seen.end(Ended.TUTOR_FAILED, f"{type(e).__name__}: {e}")
        try:
            facts = self._facts(seen, duration, left)
        except Exception as e:  # noqa: BLE001
            facts = Facts.of(
                self.job,
                ended=Ended.TUTOR_FAILED,
                detail=f"{type(e).__name__}: {e}",
                duration_s=duration,
                escaped=left,
            )
        self.result = judge(facts)
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
            processes.kill_below(reaper)
        finally:
            processes.kill_group(reaper)

    def _accept(self, item: Event | ProtocolError, seen: _Seen) -> bool:
        """One event in: checked, passed on to the front end; True when it is the result."""
        try:
            done = seen.events.accept(item)
        except ProtocolError as e:
            seen.end(Ended.PROTOCOL, str(e))
            return True
        if isinstance(item, (Started, CheckStarted, CheckDone)):
            self._emit(item)
        return done

    def _watch(self, seen: _Seen, sent: float) -> None:
        w, job = self.worker, self.job
        w.send(job)
        started_at: float | None = None
        memory = _Memory()
        eof = False
        while True:
            try:
                item = w.events.get(timeout=POLL_S)
            except queue.Empty:
                item = None
            now = time.monotonic()
            if isinstance(item, EndOfEvents):
                eof = True
            elif item is not None:
                if self._accept(item, seen):
                    if seen.ended is None:
                        w.wait_worker(EXIT_GRACE_S)
                    return
                if isinstance(item, Ready):
                    memory.ready_rss = processes.tree_rss(w.proc.pid)
                if isinstance(item, Started):
                    started_at = now
            if eof and not w.worker_alive():  # gone without a result on the pipe
                for late in w.fallback_events():
                    if self._accept(late, seen):
                        break
                return
            if self._cancel.is_set():
                seen.end(Ended.CANCELLED)
                return
            if started_at is None and now - sent > STARTUP_LIMIT_S:
                seen.end(Ended.START_TIMEOUT)
                return
            if started_at is not None and now - started_at > job.time_limit:
                seen.end(Ended.TIMEOUT)
                seen.stuck = stuck_error(
                    w.sample_stack(STACK_WAIT_S),
                    job.learner_filename,
                    job.code if job.kind is JobKind.SNIPPET else None,
                    lang=job.lang,
                )
                return
            if self._over_memory(memory, now):
                seen.end(Ended.MEMORY)
                return

    def _over_memory(self, memory: _Memory, now: float) -> bool:
        """The tree holds more than the job's cap above what the warm worker held when ready."""
        w = self.worker
        if w.handle is None or now < memory.next_own:
            return False
        memory.next_own = now + MEMORY_POLL_S
        own = processes.rss(w.handle)
        if now >= memory.next_tree:
            memory.next_tree = now + TREE_POLL_S
            memory.others_rss = max(0, processes.tree_rss(w.proc.pid) - own)
        return own + memory.others_rss > memory.ready_rss + self.job.memory_mb * 1024 * 1024

    def _facts(self, seen: _Seen, duration: float, escaped: int) -> Facts:
        """What this run learnt, for the judge: the events, the parent's ending, how the worker's
        process ended, and the learner's output as kept (head and tail, with the notice)."""
        w = self.worker
        notice = self.say("run.output_dropped", n="{n}")
        return Facts.of(
            self.job,
            seen.events,
            ended=seen.ended,
            detail=seen.detail,
            stuck=seen.stuck,
            start_limit_s=STARTUP_LIMIT_S,
            returncode=w.proc.returncode,
            stderr_tail=w.stderr.text()[-4000:],
            escaped=escaped,
            stdout=w.stdout.text(notice),
            stderr=w.stderr.text(notice),
            output_truncated=w.stdout.truncated or w.stderr.truncated,
            duration_s=duration,
        )


class RefusedRun:
    """A job no worker was started for (a platform the runner cannot supervise): its result,
    which says why, is there at once, and there is nothing to cancel or settle."""

    def __init__(self, result: RunResult):
        self.result = result

    def cancel(self) -> None:
        """Nothing runs."""

    def wait(self, timeout: float | None = None) -> RunResult:
        return self.result

    def wait_settled(self, timeout: float | None = None) -> bool:
        return True
