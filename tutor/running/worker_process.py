"""One worker process, seen from the runner: spawning it (under its reaper, see
tutor/worker/processes.py) with its private pipes, reading its events and its output with
asyncio, and destroying it with everything its learner code started. A Run
(tutor/running/run.py) supervises the job it runs in one asyncio task; the runner
(tutor/running/runner.py) keeps the next one warm.

A worker is spawned without an event loop (a warm spare belongs to no loop): its pipes are
attached to the loop of the task that runs its job (`attach`), so the CLI's `asyncio.run` of one
check and the app's own loop use the same spares."""

from __future__ import annotations

import asyncio
import os
import secrets
import select
import shutil
import signal
import subprocess
from collections.abc import Callable

from tutor import paths
from tutor.protocol.events import Event, Job, ProtocolError, Ready, decode_event
from tutor.protocol.result import CappedText
from tutor.running.stack_sample import sample_stack
from tutor.worker import processes, xlacache
from tutor.worker.main import EVENTS_FILE, STACK_FILE

MAX_PENDING = 16 * 1024 * 1024  # bytes of one unfinished line on the result pipe
WORKER_POLL_S = 0.01  # how often an ending worker proper is looked at


class EndOfEvents:
    """Put in the event queue when the result pipe closes."""


EOF = EndOfEvents()
Item = Event | ProtocolError | EndOfEvents


class _Output(asyncio.Protocol):
    """The learner's stdout or stderr: kept capped, passed on live while its head is not full."""

    def __init__(self, worker: WorkerProcess, name: str, sink: CappedText):
        self.worker, self.name, self.sink = worker, name, sink
        self.closed = asyncio.get_running_loop().create_future()

    def data_received(self, data: bytes) -> None:
        live = not self.sink.head_full
        self.sink.feed(data)
        on_output = self.worker.on_output
        if live and on_output is not None:
            try:
                on_output(self.name, data.decode("utf-8", "replace"))
            except Exception:  # noqa: BLE001 - a front end's problem must not stop the run
                pass

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.closed.done():
            self.closed.set_result(None)


class _Events(asyncio.Protocol):
    """The result pipe: one JSON event a line, decoded into the worker's queue."""

    def __init__(self, worker: WorkerProcess):
        self.worker = worker

    def data_received(self, data: bytes) -> None:
        self.worker._lines(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.worker._lines(b"", end=True)


class WorkerProcess:
    """One exec'd worker (under its reaper). Spawned warm; runs exactly one job; then it is gone."""

    def __init__(self, command: list[str], context: str | None):
        """`command`: the interpreter and what it runs (WORKER_MODULE, see Runner), before the
        pipes' descriptors and the chapter context to preload."""
        self.context = context
        # the content the worker reads (its catalogs are loaded while it warms up): a spare made
        # for other content (JAXTUTOR_CONTENT changed since) must not run the next job
        self.content = os.environ.get("JAXTUTOR_CONTENT")
        self.token = secrets.token_hex(8)
        self.workdir = processes.make_run_dir()
        self.events: asyncio.Queue[Item] | None = None  # once attached
        self.stdout, self.stderr = CappedText(), CappedText()
        self.on_output: Callable[[str, str], None] | None = None
        self.ready_info: Ready | None = None
        self.handle = None  # psutil handle on the worker proper, once ready
        self._early: list[Item] = []  # events read before the worker was attached
        self._buf = b""
        self._outputs: list[_Output] = []
        self._transports: list[asyncio.BaseTransport] = []
        self._released = self._settled = False
        self._reaper_gone = False
        self._killed_worker = False  # the runner sent the worker's group its SIGKILL
        self._asked_stack = False  # the worker was asked for its stack, and ends by itself
        self.left_behind: set[processes.Ident] = set()  # the learner's processes, each once
        job_r, self._job_w = os.pipe()
        self._res_r, res_w = os.pipe()
        life_r, self._life_w = os.pipe()
        env = dict(os.environ)
        env[processes.TOKEN_VAR] = self.token
        env.setdefault("JAX_PLATFORMS", "cpu")
        env["PYTHONUNBUFFERED"] = "1"
        env["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(paths.package_dir().parent), env.get("PYTHONPATH")])
        )
        env.pop("JAXTUTOR_HOME", None)  # the worker never touches the learner's store
        env.setdefault(xlacache.CACHE_VAR, str(xlacache.folder()))
        try:
            self.proc = subprocess.Popen(
                [*command, str(job_r), str(res_w), str(life_r), context or ""],
                pass_fds=(job_r, res_w, life_r),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
                env=env,
                cwd=self.workdir,
            )
        except BaseException:
            for fd in (job_r, res_w, life_r, self._res_r, self._job_w, self._life_w):
                os.close(fd)
            shutil.rmtree(self.workdir, ignore_errors=True)
            raise
        for fd in (job_r, res_w, life_r):
            os.close(fd)

    # ------------------------------------------------------------ reading, in the run's loop

    def warmed(self) -> bool:
        """The worker said it is ready (or its result pipe closed): looked at without waiting,
        and without an event loop (what was read is kept for the run that attaches it)."""
        if self.ready_info is not None or self.events is not None or self._res_r < 0:
            return self.ready_info is not None
        while select.select([self._res_r], [], [], 0)[0]:
            data = os.read(self._res_r, 65536)
            self._lines(data, end=not data)
            if not data:
                os.close(self._res_r)
                self._res_r = -1
                break
        return self.ready_info is not None

    async def attach(self) -> None:
        """Read this worker's pipes in the running loop from now on. What it printed while
        warming up is not the learner's output: it is dropped."""
        loop = asyncio.get_running_loop()
        self.events = asyncio.Queue()
        for item in self._early:
            self.events.put_nowait(item)
        self._early.clear()
        for name, pipe, sink in (
            ("stdout", self.proc.stdout, self.stdout),
            ("stderr", self.proc.stderr, self.stderr),
        ):
            assert pipe is not None
            _drain(pipe.fileno())
            protocol = _Output(self, name, sink)
            transport, _ = await loop.connect_read_pipe(_same(protocol), pipe)
            self._outputs.append(protocol)
            self._transports.append(transport)
        if self._res_r >= 0:
            pipe = os.fdopen(self._res_r, "rb", buffering=0)
            self._res_r = -1
            transport, _ = await loop.connect_read_pipe(_same(_Events(self)), pipe)
            self._transports.append(transport)

    def _lines(self, data: bytes, end: bool = False) -> None:
        """Whole lines of the result pipe decoded; a ProtocolError in an event's place."""
        self._buf += data
        while b"\n" in self._buf:
            line, self._buf = self._buf.split(b"\n", 1)
            self._put(self._decode(line))
        if len(self._buf) > MAX_PENDING:
            self._put(ProtocolError(f"a message of more than {MAX_PENDING} bytes"))
            self._buf = b""
        if end:
            if self._buf.strip():
                self._put(self._decode(self._buf))
            self._buf = b""
            self._put(EOF)

    def _decode(self, line: bytes) -> Event | ProtocolError:
        try:
            event = decode_event(line)
        except ProtocolError as e:
            return e
        if isinstance(event, Ready) and self.ready_info is None:
            self.ready_info = event
            self.handle = processes.process(event.pid)
        return event

    def _put(self, item: Item) -> None:
        if self.events is None:
            self._early.append(item)
        else:
            self.events.put_nowait(item)

    def fallback_events(self) -> list[Event | ProtocolError]:
        """Events the worker wrote to its run folder after the learner's code closed the pipe."""
        try:
            with open(os.path.join(self.workdir, EVENTS_FILE), "rb") as fh:
                lines = fh.read().splitlines()
        except OSError:
            return []
        out: list[Event | ProtocolError] = []
        for line in lines:
            try:
                out.append(decode_event(line))
            except ProtocolError as e:
                out.append(e)
        return out

    async def sample_stack(self, wait_s: float) -> str:
        """The worker's stack, sampled now (`sample_stack`); the worker is killed afterwards."""
        if self.handle is None:
            return ""
        self._asked_stack = True
        return await sample_stack(self.handle, os.path.join(self.workdir, STACK_FILE), wait_s)

    def send(self, job: Job) -> None:
        try:
            os.write(self._job_w, job.encode())
        except BrokenPipeError:
            pass
        finally:
            os.close(self._job_w)
            self._job_w = -1

    def alive(self) -> bool:
        return self.proc.poll() is None

    def worker_alive(self) -> bool:
        """The worker proper (not its reaper) is still running."""
        if self.handle is not None:
            return processes.alive(self.handle)
        return self.alive()

    async def wait_worker(self, timeout: float) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.worker_alive() and loop.time() < deadline:
            await asyncio.sleep(WORKER_POLL_S)

    # ------------------------------------------------------------ ending

    def release(self) -> int:
        """The quick half of ending: kill the worker's group and cut the lifeline (the reaper
        then kills everything below itself and exits). Returns how many processes the learner's
        code had left running, as far as seen yet (`left_behind`)."""
        if self._released:
            return len(self.left_behind)
        self._released = True
        pid = self.ready_info.pid if self.ready_info else None
        self._reaper_gone = not self.alive()
        if pid is not None and self.handle is not None:
            # the worker and its own group, at once (a worker asked for its stack has just ended,
            # the rest of its group not: a timeout kills them as if it had not)
            if self._asked_stack or processes.alive(self.handle):
                processes.kill_group(pid)
                self._killed_worker = True
        # before Ready no learner code has run: everything below the reaper is the worker's own
        if pid is not None and self.alive():
            self.left_behind |= processes.live_below(self.proc.pid, exclude=pid)
        os.close(self._life_w)
        return len(self.left_behind)

    async def output_closed(self, timeout: float) -> bool:
        """Wait until the worker's stdout and stderr reached their end (everything written is
        read); False when something still holds them open after `timeout`."""
        closing = [o.closed for o in self._outputs]
        if not closing:
            return True
        _, pending = await asyncio.wait(closing, timeout=timeout)  # never cancels them
        return not pending

    async def settle(self) -> int:
        """The slow half of ending, in the run's loop: wait for the reaper (doing its work if it
        is stuck), make sure all the output is in, remove the run folder. Returns how many
        processes the learner's code had left running (`left_behind`: those release() saw, and
        those that had to be killed from here; a process found by both counts once)."""
        self.release()
        if self._settled:
            return len(self.left_behind)
        if not await _exited(self.proc.pid, 2.0):
            self._reaper_stuck()
        self._reap_zombie()
        await self.output_closed(1.0)
        return self._tidy()

    def destroy(self) -> int:
        """Kill the worker and everything below its reaper and remove the run folder, without an
        event loop (a spare replaced or closed, a run whose task could not settle it). Returns
        how many processes the learner's code had left running."""
        self.release()
        if self._settled:
            return len(self.left_behind)
        try:
            self.proc.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            self._reaper_stuck()
        self._reap_zombie()
        return self._tidy()

    def _reaper_stuck(self) -> None:
        """The reaper did not exit: do its work from here."""
        self.left_behind |= processes.kill_below(self.proc.pid)
        self.proc.kill()
        self.proc.wait()

    def _reap_zombie(self) -> None:
        self.proc.wait()
        # The reaper ends of SIGKILL when it mimics a worker the runner killed, or when it was
        # killed from outside (the OOM killer …): then its orphans went to init, found by token.
        # Seen dead at release, or ended so though the runner killed no worker: from outside.
        # (Its death may show after the worker's: release alone cannot tell.)
        if self.proc.returncode == -signal.SIGKILL and (
            self._reaper_gone or not self._killed_worker
        ):
            self.left_behind |= processes.kill_token(self.token)

    def _tidy(self) -> int:
        """Close what the parent still holds of this worker and remove its run folder."""
        if self._job_w >= 0:
            os.close(self._job_w)
            self._job_w = -1
        if self._res_r >= 0:
            os.close(self._res_r)
            self._res_r = -1
        for transport in self._transports:
            transport.close()
        for pipe in (self.proc.stdout, self.proc.stderr):
            if pipe is not None and not self._transports:
                pipe.close()
        shutil.rmtree(self.workdir, ignore_errors=True)
        self._settled = True
        return len(self.left_behind)


def _same[P: asyncio.BaseProtocol](protocol: P) -> Callable[[], P]:
    """A protocol factory that gives this one protocol."""
    return lambda: protocol


def _drain(fd: int) -> None:
    """Read and drop what a pipe holds now, without waiting."""
    while select.select([fd], [], [], 0)[0]:
        if not os.read(fd, 65536):
            return


async def _exited(pid: int, timeout: float) -> bool:
    """Wait until our child `pid` exits (a pidfd wakes the loop), at most `timeout`."""
    try:
        fd = os.pidfd_open(pid)
    except OSError:
        return True  # gone already: Popen.wait reaps it
    loop = asyncio.get_running_loop()
    gone: asyncio.Future[None] = loop.create_future()

    def exited() -> None:
        if not gone.done():
            gone.set_result(None)

    loop.add_reader(fd, exited)
    try:
        async with asyncio.timeout(timeout):
            await gone
        return True
    except TimeoutError:
        return False
    finally:
        loop.remove_reader(fd)
        os.close(fd)
