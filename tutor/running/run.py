"""One job in one worker, supervised from the parent in one asyncio task: `await
Run.supervise()` attaches the worker's pipes, sends the job, reads its events in the protocol's
order (tutor/running/judging.py), enforces the start-up and wall-clock limits (`asyncio.timeout`)
and the memory limit, ends on a cancel of the task (`task.cancel()`), has the worker's whole
process tree killed and reaped (tutor/worker/processes.py) whatever happened, and gathers what it
learnt as `Facts` for the judge (`judging.judge`, the only place a run's status is decided),
called once, with the learner's capped output. `supervise()` always returns a result: a cancel
of its task is the learner's cancel, and returns the cancelled verdict.

This module never imports jax; the app and the CLI use it from their own process."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

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
from tutor.running.worker_process import EndOfEvents, Item, WorkerProcess
from tutor.worker import processes
from tutor.worker.tracebacks import stuck_error

STARTUP_LIMIT_S = 90.0  # a worker that has not started the job by then is considered stuck
MEMORY_POLL_S = 0.1  # the worker's own memory
TREE_POLL_S = 0.5  # the memory of what the learner's code started
EXIT_GRACE_S = 1.0  # after its result, the worker ends by itself within this
QUICK_OUTPUT_S = 0.2  # a finished worker's output reaches its end within this, or we settle first
STACK_WAIT_S = 3.0  # on a timeout, how long to wait for the worker to write its stack (it runs
# niced: on a loaded machine 1 s was once not enough for it to be scheduled and write it)
_SETTLING: set[asyncio.Task] = set()  # quick ends still reaping (see Run._settle_later)


@dataclass
class _Seen:
    """What the supervision learnt while the job ran (facts for the judge, nothing decided)."""

    events: JobEvents
    ended: Ended | None = None  # ended by the parent: limit, cancel, fault
    detail: str = ""  # what the fault was
    stuck: ErrorInfo | None = None

    def end(self, ended: Ended, detail: str = "") -> None:
        if self.ended is None:
            self.ended, self.detail = ended, detail


@dataclass
class _Memory:
    """The memory watch: the tree's size when the worker was ready, and when to look again."""

    ready_rss: int = 0
    others_rss: int = 0  # what the learner's code started, read less often
    next_own: float = 0.0
    next_tree: float = 0.0


class Run:
    """A job and the worker it runs in: `await supervise()` is the whole run."""

    def __init__(
        self,
        worker: WorkerProcess,
        job: Job,
        on_done: Callable[[Run], None] = lambda run: None,
        warm_beside: tuple[float, Callable[[], None]] | None = None,
    ):
        """`on_done(run)` once the worker is gone; `warm_beside`: (after how many seconds, what
        to call) while the job still runs (the runner warms its next worker)."""
        self.worker, self.job = worker, job
        self._on_done, self._warm_beside = on_done, warm_beside
        self.result: RunResult | None = None

    def say(self, key: str, **kw: object) -> str:
        return say(self.job.lang, key, **kw)

    async def supervise(
        self,
        on_event: Callable[[Event], None] | None = None,
        on_output: Callable[[str, str], None] | None = None,
    ) -> RunResult:
        """Run the job to its end and return its judged result. `on_event` receives the
        protocol's Started, CheckStarted and CheckDone events, `on_output` the learner's output
        (stream, text) as it comes. Cancelling the task that awaits this ends the run as
        cancelled: the worker is killed and reaped, and the cancelled result returned."""
        loop = asyncio.get_running_loop()
        sent = loop.time()
        seen = _Seen(JobEvents(self.job.nonce))
        beside = None
        if self._warm_beside is not None:
            beside = loop.call_later(*self._warm_beside)
        left, result, quick = 0, None, False
        try:
            try:
                await self._watch(seen, on_event, on_output)
            except asyncio.CancelledError:
                seen.end(Ended.CANCELLED)
                task = asyncio.current_task()
                if task is not None:
                    task.uncancel()  # this cancel is the learner's: it ends here, with a verdict
            except Exception as e:  # noqa: BLE001 - the tutor's own failure still ends with a result
                seen.end(Ended.TUTOR_FAILED, f"{type(e).__name__}: {e}")
            duration = loop.time() - sent
            if beside is not None:
                beside.cancel()
            try:
                left = self.worker.release()
                # A worker that reported its result and ended by itself, leaving nothing behind:
                # the result is whole once its output is read, and the learner need not wait
                # for the reaper to exit (its own look for what is left takes 10-200 ms).
                quick = (
                    seen.ended is None
                    and seen.events.finished is not None
                    and left == 0
                    and not self.worker.worker_alive()
                    and await self.worker.output_closed(QUICK_OUTPUT_S)
                )
                if not quick:
                    left = await self.worker.settle()  # the processes left, each counted once
            except Exception as e:  # noqa: BLE001
                seen.end(Ended.TUTOR_FAILED, f"{type(e).__name__}: {e}")
            self.result = result = judge(self._facts(seen, duration, left))
        finally:
            if beside is not None:
                beside.cancel()
            if quick and result is not None:
                self._settle_later()
            else:
                self._end()
        return result

    def _settle_later(self) -> None:
        """The quick end's reaping, in a task of its own after the result: the reaper's exit and
        the run folder; should its loop end first, it is done without one (`_end`)."""
        settling = asyncio.get_running_loop().create_task(self.worker.settle())
        _SETTLING.add(settling)  # a loop keeps its tasks only weakly
        settling.add_done_callback(self._settled)

    def _settled(self, settling: asyncio.Task) -> None:
        _SETTLING.discard(settling)
        if not settling.cancelled():
            settling.exception()  # retrieved: whatever failed, `_end` leaves nothing running
        self._end()

    def _end(self) -> None:
        """The worker destroyed (nothing to do once it settled) and the runner told."""
        try:
            self.worker.destroy()
        except Exception:  # noqa: BLE001 - still leave nothing running
            self._kill_regardless()
        finally:
            self._on_done(self)

    def _kill_regardless(self) -> None:
        """Ending the worker failed: still kill everything below its reaper, and the reaper."""
        reaper = self.worker.proc.pid
        try:
            processes.kill_below(reaper)
        finally:
            processes.kill_group(reaper)

    def _accept(
        self, item: Event | ProtocolError, seen: _Seen, on_event: Callable[[Event], None] | None
    ) -> bool:
        """One event in: checked, passed on to the front end; True when it is the result."""
        try:
            done = seen.events.accept(item)
        except ProtocolError as e:
            seen.end(Ended.PROTOCOL, str(e))
            return True
        if on_event is not None and isinstance(item, (Started, CheckStarted, CheckDone)):
            try:
                on_event(item)
            except Exception:  # noqa: BLE001 - a front end's problem must not stop the run
                pass
        return done

    async def _watch(
        self,
        seen: _Seen,
        on_event: Callable[[Event], None] | None,
        on_output: Callable[[str, str], None] | None,
    ) -> None:
        """Send the job and follow it until its result, the worker's end or a limit."""
        w, job = self.worker, self.job
        loop = asyncio.get_running_loop()
        w.on_output = on_output
        await w.attach()
        assert w.events is not None
        w.send(job)
        started = eof = False
        memory = _Memory()
        try:
            async with asyncio.timeout(STARTUP_LIMIT_S) as limit:
                while True:
                    item = await _next(w.events)
                    if isinstance(item, EndOfEvents):
                        eof = True
                    elif item is not None:
                        if self._accept(item, seen, on_event):
                            break
                        if isinstance(item, Ready):
                            memory.ready_rss = processes.tree_rss(w.proc.pid)
                        if isinstance(item, Started) and not started:
                            started = True
                            limit.reschedule(loop.time() + job.time_limit)
                    if eof and not w.worker_alive():  # gone without a result on the pipe
                        for late in w.fallback_events():
                            if self._accept(late, seen, on_event):
                                break
                        return
                    if self._over_memory(memory, loop.time()):
                        seen.end(Ended.MEMORY)
                        return
        except TimeoutError:
            if not started:
                seen.end(Ended.START_TIMEOUT)
                return
            seen.end(Ended.TIMEOUT)
            seen.stuck = stuck_error(
                await w.sample_stack(STACK_WAIT_S),
                job.learner_filename,
                job.code if job.kind is JobKind.SNIPPET else None,
                lang=job.lang,
            )
            return
        if seen.ended is None:  # the result is in: the worker ends by itself
            await w.wait_worker(EXIT_GRACE_S)

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
        try:
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
        except Exception as e:  # noqa: BLE001
            return Facts.of(
                self.job,
                ended=Ended.TUTOR_FAILED,
                detail=f"{type(e).__name__}: {e}",
                duration_s=duration,
                escaped=escaped,
            )


async def _next(events: asyncio.Queue[Item]) -> Item | None:
    """The next item of the worker's events, or None when none came within MEMORY_POLL_S (the
    memory is looked at between them)."""
    try:
        async with asyncio.timeout(MEMORY_POLL_S):
            return await events.get()
    except TimeoutError:
        return None


class RefusedRun:
    """A job no worker was started for (a platform the runner cannot supervise): its result,
    which says why, is there at once."""

    def __init__(self, result: RunResult):
        self.result = result

    async def supervise(
        self,
        on_event: Callable[[Event], None] | None = None,
        on_output: Callable[[str, str], None] | None = None,
    ) -> RunResult:
        return self.result
