"""One worker process, seen from the runner: spawning it (under its reaper, see
tutor/worker/processes.py) with its private pipes, reading its events and its output, and
destroying it with everything its learner code started. A Run (tutor/running/run.py) supervises
the job it runs; the runner (tutor/running/runner.py) keeps the next one warm."""

from __future__ import annotations

import os
import queue
import secrets
import select
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Callable

from tutor import paths
from tutor.protocol.events import Event, Job, ProtocolError, Ready, decode_event
from tutor.protocol.result import CappedText
from tutor.worker import processes, xlacache
from tutor.worker.main import EVENTS_FILE, STACK_FILE, STACK_SIGNAL

MAX_PENDING = 16 * 1024 * 1024  # bytes of one unfinished line on the result pipe


class EndOfEvents:
    """Put in the event queue when the result pipe closes."""


EOF = EndOfEvents()


class WorkerProcess:
    """One exec'd worker (under its reaper). Spawned warm; runs exactly one job; then it is gone."""

    def __init__(self, command: list[str], context: str | None):
        """`command`: the interpreter and what it runs (WORKER_MODULE, see Runner), before the
        pipes' descriptors and the chapter context to preload."""
        self.context = context
        self.token = secrets.token_hex(8)
        self.workdir = processes.make_run_dir()
        self.events: queue.Queue[Event | ProtocolError | EndOfEvents] = queue.Queue()
        self.stdout, self.stderr = CappedText(), CappedText()
        self._capturing = False
        self.on_output: Callable[[str, str], None] | None = None
        self.ready_info: Ready | None = None
        self.handle = None  # psutil handle on the worker proper, once ready
        self._released = self._settled = False
        self._reaper_gone = False
        self._asked_stack = False  # the worker was asked for its stack, and ends by itself
        self.left_behind: set[processes.Ident] = set()  # the learner's processes, each once
        job_r, self._job_w = os.pipe()
        res_r, res_w = os.pipe()
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
                [
                    *command,
                    str(job_r),
                    str(res_w),
                    str(life_r),
                    context or "",
                ],
                pass_fds=(job_r, res_w, life_r),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
                env=env,
                cwd=self.workdir,
            )
        except BaseException:
            for fd in (job_r, res_w, life_r, res_r, self._job_w, self._life_w):
                os.close(fd)
            shutil.rmtree(self.workdir, ignore_errors=True)
            raise
        for fd in (job_r, res_w, life_r):
            os.close(fd)
        self._threads = [
            threading.Thread(
                target=self._read_stream, args=(self.proc.stdout, "stdout"), daemon=True
            ),
            threading.Thread(
                target=self._read_stream, args=(self.proc.stderr, "stderr"), daemon=True
            ),
            threading.Thread(target=self._read_events, args=(res_r,), daemon=True),
        ]
        for th in self._threads:
            th.start()

    @staticmethod
    def _chunks(fd: int):
        """What arrives on a pipe, until it is closed on the other side."""
        while True:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return
            if not data:
                return
            yield data

    def _read_stream(self, pipe, name: str) -> None:
        sink = self.stdout if name == "stdout" else self.stderr
        for data in self._chunks(pipe.fileno()):
            if not self._capturing:
                continue
            live = not sink.head_full
            sink.feed(data)
            if live and self.on_output is not None:
                try:
                    self.on_output(name, data.decode("utf-8", "replace"))
                except Exception:  # noqa: BLE001 - a front end's problem must not stop the run
                    pass
        pipe.close()

    def _read_events(self, fd: int) -> None:
        """Decoded events into the queue; a ProtocolError in their place ends the run."""
        buf = b""
        for data in self._chunks(fd):
            buf += data
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                self._put(line)
            if len(buf) > MAX_PENDING:
                self.events.put(ProtocolError(f"a message of more than {MAX_PENDING} bytes"))
                buf = b""
        os.close(fd)
        if buf.strip():
            self._put(buf)
        self.events.put(EOF)

    def _put(self, line: bytes) -> None:
        try:
            event = decode_event(line)
        except ProtocolError as e:
            self.events.put(e)
            return
        if isinstance(event, Ready) and self.ready_info is None:
            self.ready_info = event
            self.handle = processes.process(event.pid)
        self.events.put(event)

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

    def sample_stack(self, wait_s: float) -> str:
        """The worker's stack, sampled now: asked for with STACK_SIGNAL, which makes the worker's
        main thread write its own stack and end (tutor/worker/main.py); the file is whole once
        the worker is gone, which is waited for at most `wait_s` (the learner's code may have
        blocked or replaced the signal: then whatever the file holds, often nothing)."""
        if self.handle is not None and processes.alive(self.handle):
            self._asked_stack = True
            try:
                self.handle.send_signal(STACK_SIGNAL)
            except Exception:  # noqa: BLE001 - gone meanwhile: there is no stack to ask for
                pass
            self.wait_worker(wait_s)
        try:
            with open(
                os.path.join(self.workdir, STACK_FILE), encoding="utf-8", errors="replace"
            ) as fh:
                return fh.read()
        except OSError:
            return ""

    def send(self, job: Job) -> None:
        self._capturing = True
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

    def wait_worker(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while self.worker_alive() and time.monotonic() < deadline:
            time.sleep(0.01)

    def _wait_reaper(self, timeout: float) -> None:
        """Popen.wait with a timeout polls with growing sleeps; a pidfd wakes us when it exits."""
        try:
            fd = os.pidfd_open(self.proc.pid)
        except (AttributeError, OSError):
            self.proc.wait(timeout=timeout)
            return
        try:
            select.select([fd], [], [], timeout)
        finally:
            os.close(fd)
        self.proc.wait(timeout=0.05)

    def destroy(self) -> int:
        """Kill the worker and everything below its reaper; remove the run folder. Returns how
        many processes the learner's code had left running."""
        self.release()
        return self.settle()

    def release(self) -> int:
        """The quick half of destroy(): kill the worker's group and cut the lifeline (the reaper
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
        # before Ready no learner code has run: everything below the reaper is the worker's own
        if pid is not None and self.alive():
            self.left_behind |= processes.live_below(self.proc.pid, exclude=pid)
        os.close(self._life_w)
        return len(self.left_behind)

    def output_closed(self, timeout: float) -> bool:
        """Wait until the worker's stdout and stderr reached their end (everything written is
        read); False when something still holds them open after `timeout`."""
        deadline = time.monotonic() + timeout
        for th in self._threads[:2]:
            th.join(timeout=max(0.0, deadline - time.monotonic()))
        return not any(th.is_alive() for th in self._threads[:2])

    def settle(self) -> int:
        """The slow half of destroy(): wait for the reaper (doing its work if it is stuck), make
        sure all the output is in, remove the run folder. Returns how many processes the
        learner's code had left running (`left_behind`: those release() saw, and those that had
        to be killed from here; a process found by both counts once)."""
        self.release()
        if self._settled:
            return len(self.left_behind)
        self._settled = True
        try:
            self._wait_reaper(2.0)
        except subprocess.TimeoutExpired:  # the reaper is stuck: do its work from here
            self.left_behind |= processes.kill_below(self.proc.pid)
            self.proc.kill()
            self.proc.wait()
        if self._reaper_gone and self.proc.returncode == -signal.SIGKILL:
            # killed from outside (the OOM killer …): its orphans went to init, find them by token
            self.left_behind |= processes.kill_token(self.token)
        if self._job_w >= 0:
            os.close(self._job_w)
            self._job_w = -1
        self.output_closed(1.0)
        shutil.rmtree(self.workdir, ignore_errors=True)
        return len(self.left_behind)
