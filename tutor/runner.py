"""The runner (design §5.4), parent side: keeps one warm worker, hands it a job over a private
pipe, streams and caps the learner's output, enforces the wall-clock and memory limits, kills the
whole process group and any escaped descendants, and turns every outcome into a RunResult.

This module never imports jax; the app and the CLI use it from their own process."""

from __future__ import annotations

import concurrent.futures
import json
import os
import queue
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

from tutor import paths
from tutor.messages import t
from tutor.result import CappedText, CheckOutcome, RunResult, Status

TOKEN_VAR = "JAXTUTOR_RUN_TOKEN"
CACHE_VAR = "JAXTUTOR_XLA_CACHE"
POLL_S = 0.04               # supervision tick: bounds cancel latency
MEMORY_POLL_S = 0.1
STARTUP_LIMIT_S = 90.0      # a worker that has not started the job by then is considered stuck
PAGE = os.sysconf("SC_PAGE_SIZE")


@dataclass
class Job:
    kind: str                            # "exercise" or "snippet"
    exercise: str
    time_limit: float
    memory_mb: int = 3072
    file: str | None = None              # exercise: the learner's file
    interface: list[str] = field(default_factory=list)
    check_module: str | None = None
    context: str | None = None           # chapter context to execute first
    code: str | None = None              # snippet: the code to run
    filename: str | None = None          # snippet: name shown in tracebacks

    def wire(self) -> dict[str, Any]:
        d = asdict(self)
        d["cpu_limit_s"] = int(self.time_limit * max(1, os.cpu_count() or 1)) + 5
        return d


def exercise_job(exercise, file: Path | str, context: Path | str | None, time_limit: float | None = None) -> Job:
    return Job(kind="exercise", exercise=exercise.id, time_limit=time_limit or exercise.time_limit,
               memory_mb=exercise.memory_mb, file=str(Path(file).resolve()),
               interface=list(exercise.names), check_module=str(exercise.check_path),
               context=str(context) if context else None)


def snippet_job(code: str, *, label: str, time_limit: float = 60.0, context: Path | str | None = None,
                filename: str = "<lesson>") -> Job:
    return Job(kind="snippet", exercise=label, time_limit=time_limit, code=code,
               context=str(context) if context else None, filename=filename)


# ---------------------------------------------------------------- process helpers


_CACHE_DIR: str | None = None


def _cache_dir() -> str:
    global _CACHE_DIR
    if _CACHE_DIR is None:
        _CACHE_DIR = str(paths.xla_cache_dir())
    return _CACHE_DIR


def _proc_stat(pid: int) -> tuple[str, int, int] | None:
    """(state, pgid, rss_bytes) of a process, or None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    rest = data[data.rfind(b")") + 2:].split()
    return rest[0].decode(), int(rest[2]), int(rest[21]) * PAGE


def _all_pids() -> list[int]:
    return [int(n) for n in os.listdir("/proc") if n.isdigit()]


def group_rss(pgid: int) -> int:
    total = 0
    for pid in _all_pids():
        st = _proc_stat(pid)
        if st and st[1] == pgid:
            total += st[2]
    return total


def pids_with_token(token: str) -> list[int]:
    needle = f"{TOKEN_VAR}={token}".encode()
    me = os.getpid()
    found = []
    for pid in _all_pids():
        if pid == me:
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as fh:
                if needle in fh.read():
                    st = _proc_stat(pid)
                    if st and st[0] != "Z":
                        found.append(pid)
        except OSError:
            continue
    return found


def kill_everything(pgid: int, token: str) -> int:
    """SIGKILL the process group and every live process carrying the run token (descendants
    that escaped with setsid). Returns how many escaped processes were killed."""
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    escaped = 0
    for _ in range(3):           # a dying parent may still be forking: sweep a few times
        pids = pids_with_token(token)
        if not pids:
            break
        for pid in pids:
            st = _proc_stat(pid)
            try:
                os.kill(pid, signal.SIGKILL)
                if st and st[1] != pgid:
                    escaped += 1
            except ProcessLookupError:
                pass
        time.sleep(0.02)
    return escaped


# ---------------------------------------------------------------- one worker process


class WorkerProcess:
    """One exec'd worker. Spawned warm; runs exactly one job; then it is gone."""

    def __init__(self, python: str, context: str | None):
        self.context = context
        self.token = secrets.token_hex(8)
        self.workdir = tempfile.mkdtemp(prefix="jaxtutor-run-")
        self.messages: queue.Queue = queue.Queue()
        self.stdout = CappedText()
        self.stderr = CappedText()
        self._capturing = False
        self.on_output: Callable[[str, str], None] | None = None
        self.ready_info: dict | None = None
        job_r, self._job_w = os.pipe()
        res_r, res_w = os.pipe()
        env = dict(os.environ)
        env[TOKEN_VAR] = self.token
        env.setdefault("JAX_PLATFORMS", "cpu")
        env["PYTHONUNBUFFERED"] = "1"
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(paths.package_dir().parent), env.get("PYTHONPATH")]))
        env.pop("JAXTUTOR_HOME", None)   # the worker never touches the learner's store
        env.setdefault(CACHE_VAR, _cache_dir())
        self.proc = subprocess.Popen(
            [python, "-m", "tutor.worker", str(job_r), str(res_w), str(os.getpid()), context or ""],
            pass_fds=(job_r, res_w), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, start_new_session=True, env=env, cwd=self.workdir)
        os.close(job_r)
        os.close(res_w)
        self.pgid = self.proc.pid
        self._threads = [
            threading.Thread(target=self._read_stream, args=(self.proc.stdout, "stdout"), daemon=True),
            threading.Thread(target=self._read_stream, args=(self.proc.stderr, "stderr"), daemon=True),
            threading.Thread(target=self._read_results, args=(res_r,), daemon=True),
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
                except Exception:
                    pass
        pipe.close()

    def _read_results(self, fd: int) -> None:
        buf = b""
        for data in self._chunks(fd):
            buf += data
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                try:
                    msg = json.loads(line.decode("utf-8"))
                except ValueError:
                    continue
                if msg.get("type") == "ready":
                    self.ready_info = msg
                self.messages.put(msg)
        os.close(fd)
        self.messages.put({"type": "eof"})

    def send(self, job: Job) -> None:
        self._capturing = True
        data = (json.dumps(job.wire(), ensure_ascii=False) + "\n").encode("utf-8")
        try:
            os.write(self._job_w, data)
        except BrokenPipeError:
            pass
        finally:
            os.close(self._job_w)
            self._job_w = -1

    def alive(self) -> bool:
        return self.proc.poll() is None

    def destroy(self) -> int:
        escaped = kill_everything(self.pgid, self.token)
        try:
            self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            pass
        if self._job_w >= 0:
            os.close(self._job_w)
            self._job_w = -1
        for th in self._threads[:2]:
            th.join(timeout=1.0)
        shutil.rmtree(self.workdir, ignore_errors=True)
        return escaped


# ---------------------------------------------------------------- a run in progress


class Run:
    """A job running in a worker: `wait()` for the RunResult, `cancel()` to stop it."""

    def __init__(self, worker: WorkerProcess, job: Job, on_event, on_done):
        self.worker, self.job = worker, job
        self.on_event, self._on_done = on_event, on_done
        self._cancel = threading.Event()
        self._done = threading.Event()
        self.result: RunResult | None = None
        self._thread = threading.Thread(target=self._supervise, name=f"run-{job.exercise}", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        self._cancel.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> RunResult | None:
        self._done.wait(timeout)
        return self.result

    def _emit(self, msg: dict) -> None:
        if self.on_event is not None:
            try:
                self.on_event(msg)
            except Exception:
                pass

    def _supervise(self) -> None:
        w, job = self.worker, self.job
        sent = time.monotonic()
        w.send(job)
        started_at: float | None = None
        payload: dict | None = None
        checks: list[CheckOutcome] = []
        outcome: tuple[Status, str | None] | None = None
        ready_rss = 0
        next_mem = 0.0
        while True:
            try:
                msg = w.messages.get(timeout=POLL_S)
            except queue.Empty:
                msg = None
            now = time.monotonic()
            if msg is not None:
                kind = msg.get("type")
                if kind == "ready":
                    st = _proc_stat(w.proc.pid)
                    ready_rss = st[2] if st else 0
                elif kind == "started":
                    started_at = now
                    self._emit(msg)
                elif kind == "check_done":
                    checks.append(CheckOutcome.from_dict(msg["check"]))
                    self._emit(msg)
                elif kind == "result":
                    payload = msg["result"]
                    break
                elif kind == "eof":
                    break
                else:
                    self._emit(msg)
            if self._cancel.is_set():
                outcome = (Status.CANCELLED, t("run.cancelled"))
                break
            limit_from = started_at if started_at is not None else sent
            limit = job.time_limit if started_at is not None else STARTUP_LIMIT_S
            if now - limit_from > limit:
                outcome = (Status.TIMEOUT, t("run.timeout", limit=job.time_limit))
                break
            if now >= next_mem:
                next_mem = now + MEMORY_POLL_S
                if group_rss(w.pgid) > ready_rss + job.memory_mb * 1024 * 1024:
                    outcome = (Status.MEMORY, t("run.memory", limit=job.memory_mb))
                    break
        duration = time.monotonic() - sent
        if payload is not None:
            try:
                w.proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                pass
        escaped = w.destroy()
        result = self._assemble(payload, outcome, checks, duration)
        if escaped:
            note = t("run.escaped", n=escaped)
            result.message = f"{result.message}\n{note}" if result.message else note
        self.result = result
        self._done.set()
        self._on_done(self)

    def _assemble(self, payload, outcome, checks, duration) -> RunResult:
        job, w = self.job, self.worker
        if payload is not None and outcome is None:
            result = RunResult.from_dict({"exercise": job.exercise, **payload})
            if result.status == Status.EXITED_EARLY:
                result.message = t("run.exited_early", code=payload.get("exit_code", 0))
            elif result.status == Status.MEMORY:
                result.message = t("run.memory", limit=job.memory_mb)
            elif result.status == Status.NOT_ATTEMPTED:
                result.message = t("run.missing", names=", ".join(result.missing))
        elif outcome is not None:
            result = RunResult(exercise=job.exercise, status=outcome[0], message=outcome[1], checks=checks)
        else:  # the worker died without a result
            rc = w.proc.returncode
            err = w.stderr.text()
            if rc is None:
                result = RunResult(exercise=job.exercise, status=Status.CRASHED,
                                   message=t("run.crashed", signal="?"), checks=checks)
            elif rc < 0:
                sig = -rc
                if sig == signal.SIGXCPU:
                    result = RunResult(exercise=job.exercise, status=Status.TIMEOUT,
                                       message=t("run.cpu", limit=job.wire()["cpu_limit_s"]), checks=checks)
                elif any(s in err for s in ("bad_alloc", "RESOURCE_EXHAUSTED", "Out of memory", "MemoryError")):
                    result = RunResult(exercise=job.exercise, status=Status.MEMORY,
                                       message=t("run.memory", limit=job.memory_mb), checks=checks)
                else:
                    name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else str(sig)
                    result = RunResult(exercise=job.exercise, status=Status.CRASHED,
                                       message=t("run.crashed", signal=name), checks=checks)
            else:
                result = RunResult(exercise=job.exercise, status=Status.EXITED_EARLY,
                                   message=t("run.exited_early", code=rc), checks=checks)
        result.duration_s = duration
        notice = t("run.output_dropped", n="{n}")
        result.stdout = w.stdout.text(notice)
        result.stderr = w.stderr.text(notice)
        result.output_truncated = w.stdout.truncated or w.stderr.truncated
        return result


# ---------------------------------------------------------------- the pool


class Runner:
    """Hands jobs to exec'd one-shot workers, keeping the next one warm."""

    def __init__(self, python: str | None = None, keep_warm: bool = True):
        self.python = python or sys.executable
        self.keep_warm = keep_warm
        self._lock = threading.Lock()
        self._spare: WorkerProcess | None = None
        self._context_hint: str | None = None
        self._runs: set[Run] = set()
        self._closed = False
        # Workers are started from one long-lived thread: the parent-death signal fires when the
        # *thread* that started a child ends, so a worker spawned from a short-lived thread (a
        # run's supervisor, an app worker thread) would be killed with it.
        self._spawner = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="jaxtutor-spawn")

    def _spawn(self, context: str | None) -> WorkerProcess:
        return self._spawner.submit(WorkerProcess, self.python, context).result()

    def warm(self, context: Path | str | None = None) -> None:
        """Make sure a warm worker (with this chapter context preloaded) is on its way."""
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
                self._spare = self._spawn(ctx)

    def _take_worker(self, job: Job) -> WorkerProcess:
        with self._lock:
            spare, self._spare = self._spare, None
        if spare is not None and spare.alive():
            return spare
        if spare is not None:
            spare.destroy()
        return self._spawn(job.context)

    def start(self, job: Job, on_event: Callable[[dict], None] | None = None,
              on_output: Callable[[str, str], None] | None = None) -> Run:
        if self._closed:
            raise RuntimeError("runner is closed")
        worker = self._take_worker(job)
        worker.on_output = on_output
        run = Run(worker, job, on_event, self._finished)
        with self._lock:
            self._runs.add(run)
        if self.keep_warm:
            # The next worker warms up while this job runs: a one-shot worker is gone afterwards,
            # and importing jax takes longer than most checks.
            self.warm(job.context)
        return run

    def run(self, job: Job, **kw) -> RunResult:
        run = self.start(job, **kw)
        try:
            return run.wait()
        except KeyboardInterrupt:
            run.cancel()
            return run.wait()

    def _finished(self, run: Run) -> None:
        with self._lock:
            self._runs.discard(run)
            respawn = self.keep_warm and not self._closed and self._spare is None
            hint = self._context_hint
        if respawn:
            self.warm(hint)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            spare, self._spare = self._spare, None
            runs = list(self._runs)
        for run in runs:
            run.cancel()
        for run in runs:
            run.wait(5)
        if spare is not None:
            spare.destroy()
        self._spawner.shutdown(wait=False)
