"""The worker: a fresh interpreter (started with exec, never fork) that imports jax once, waits
for one job on a private pipe, runs it and reports on another private pipe, then exits.

    python -m tutor.worker.main JOB_FD RESULT_FD LIFELINE_FD [CONTEXT_PATH]

Before anything heavy it forks itself into a reaper and the worker proper
(tutor/worker/processes.py). The messages on RESULT_FD are the events of tutor/protocol/events.py;
the learner's stdout/stderr are the process's fds 1 and 2, which the parent reads live. Running
the job itself is tutor/worker/run_job.py."""

from __future__ import annotations

import os
import signal
import sys
import time
import traceback
from collections.abc import Callable
from typing import Protocol

from tutor.protocol.events import PROTOCOL_VERSION, Event, Job, Ready, encode_event
from tutor.worker import processes

RESULT_FD_MIN = 200  # the result pipe is moved up here, away from the fds learners touch
EVENTS_FILE = "events.jsonl"  # in the run folder: where events go if the learner closed the pipe
STACK_FILE = "stack.txt"  # in the run folder: the stack sampled when the time limit is reached
STACK_SIGNAL = signal.SIGUSR2  # the parent's request: add your stack to STACK_FILE
STACK_FD_MIN = 210  # the stack file's descriptor is moved up here, away from the fds learners touch
# the workers' own exit codes, each distinct (the batch worker's TIMEOUT_EXIT is 87)
WORKER_FAILED_EXIT = 86  # the worker's own code failed after the job arrived
SETUP_FAILED_EXIT = 88  # warming up failed (the check library, a message catalog): before any job
_write, _exit, _open = (
    os.write,
    os._exit,
    os.open,
)  # bound before the learner's code can replace them


class Channel:
    """The result pipe. If the learner's code closed it (os.closerange …), later events are
    appended to a file in the run folder, which the parent reads once the worker is gone."""

    def __init__(self, fd: int, fallback: str):
        import fcntl

        self.fd = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, RESULT_FD_MIN)
        os.close(fd)
        self.fallback = fallback

    def send(self, event: Event) -> None:
        data = encode_event(event)
        try:
            self._write_all(self.fd, data)
            return
        except OSError:
            pass
        fd = _open(self.fallback, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o600)
        try:
            self._write_all(fd, data)
        finally:
            os.close(fd)

    @staticmethod
    def _write_all(fd: int, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[_write(fd, view) :]


def _vm_data_kb() -> int:
    """The data segment (heap and stack mappings): what RLIMIT_DATA counts."""
    import psutil

    return psutil.Process().memory_info().data // 1024


def _read_job(fd: int) -> Job:
    chunks = []
    while True:
        data = os.read(fd, 65536)
        if not data:
            break
        chunks.append(data)
        if data.endswith(b"\n"):
            break
    os.close(fd)
    if not chunks:
        _exit(0)  # the parent closed the pipe: shut down quietly
    return Job.decode(b"".join(chunks))


def _warm_up() -> None:
    """Pay the import and first-dispatch costs before any job arrives."""
    import jax
    import jax.numpy as jnp
    import numpy  # noqa: F401

    import tutor.worker.checklib  # noqa: F401
    import tutor.worker.run_job  # noqa: F401
    from tutor.words import check_catalog
    from tutor.worker import cache_epochs, xlacache

    check_catalog.preload()  # the checks' words in every language, parsed before any job

    xlacache.enable(jax, os.environ.get(xlacache.CACHE_VAR))
    cache_epochs.make_epochs()  # before anything compiles: it is part of every cache key

    x = jnp.arange(4.0)
    jax.jit(lambda a: (a * 2.0).sum())(x).block_until_ready()
    jax.grad(lambda a: (a**2).sum())(x).block_until_ready()


def _apply_limits(job: Job) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_CPU, (job.cpu_limit_s, job.cpu_limit_s + 5))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    limit = (_vm_data_kb() * 1024) + job.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))


def _arm_stack_sample(path: str) -> None:
    """When the parent's time limit is reached, it sends STACK_SIGNAL to this process; the
    kernel hands it to the main thread (one that does not block it and is not busy with another
    signal), where faulthandler appends the stack of that thread to `path` from inside the signal
    handler. The worker then goes on until the parent kills it: a sample taken while the
    interpreter is half-way through pushing a frame stops at that frame (faulthandler follows the
    frame chain as it is), so the parent asks again until a sample reaches the worker's own frames
    (tracebacks.sample_is_whole).

    The stack is written by the interrupted thread itself: nothing else runs on it meanwhile.
    faulthandler's watchdog (dump_traceback_later), which this replaces, walked the main thread's
    frames from another thread while they changed: Python's frames live in chunks of memory that
    are unmapped when a call returns past the chunk's start, so deep call stacks (JAX's eager
    dispatch, jit tracing, recursion) made the walk read freed memory and the worker died of
    SIGSEGV or SIGBUS about half of the times the stack was sampled."""
    import faulthandler
    import fcntl

    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
    high = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, STACK_FD_MIN)
    os.close(fd)
    faulthandler.register(STACK_SIGNAL, file=high, all_threads=False, chain=False)


class Engine(Protocol):
    """What a worker does besides speaking to the parent: warming up, preloading a chapter
    context and running a job. The real one (`JaxEngine`) imports jax; the parent's supervision
    tests use one without jax (tests/fakeworker.py) behind the same protocol, reaper and limits."""

    def warm_up(self) -> None: ...
    def preload(self, path: str | None) -> tuple[dict, Exception | None]: ...
    def run(self, job: Job, ns: dict | None, send: Callable[[Event], None]) -> None: ...


class JaxEngine:
    """The tutor's worker: jax imported and the check library loaded before any job."""

    def warm_up(self) -> None:
        _warm_up()

    def preload(self, path: str | None) -> tuple[dict, Exception | None]:
        from tutor.worker import run_job

        ns = run_job.fresh_namespace()
        if path:
            try:
                run_job.exec_file(path, ns)
            except Exception as e:  # a broken context is a content bug; reported with the job
                return ns, e
        return ns, None

    def run(self, job: Job, ns: dict | None, send: Callable[[Event], None]) -> None:
        from tutor.worker import run_job

        run_job.run(job, ns, send)


def serve(argv: list[str], engine: Engine) -> None:
    """A worker's life: become the reaper's worker, warm up, say Ready, run one job, exit."""
    job_fd, result_fd, lifeline_fd = int(argv[0]), int(argv[1]), int(argv[2])
    preload = argv[3] if len(argv) > 3 and argv[3] else None
    processes.become_reaper(lifeline_fd, keep_fds=(job_fd, result_fd))
    run_dir = os.getcwd()
    try:
        os.nice(5)  # checks yield to the app the learner is typing in
    except OSError:
        pass
    chan = Channel(result_fd, os.path.join(run_dir, EVENTS_FILE))

    # Warm-up output (import warnings and the like) is not the learner's: send it to /dev/null.
    saved_out, saved_err = os.dup(1), os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    t0 = time.perf_counter()
    try:
        engine.warm_up()
    except BaseException:  # noqa: BLE001 - the tutor's own files failed, before the learner's code
        os.dup2(saved_err, 2)
        traceback.print_exc()  # the end of stderr says what failed
        _exit(SETUP_FAILED_EXIT)
    ns, preload_error = engine.preload(preload)
    os.dup2(saved_out, 1)
    os.dup2(saved_err, 2)
    for fd in (saved_out, saved_err, devnull):
        os.close(fd)
    chan.send(
        Ready(
            version=PROTOCOL_VERSION,
            pid=os.getpid(),
            warm_s=round(time.perf_counter() - t0, 3),
            vmdata_kb=_vm_data_kb(),
            context=preload,
        )
    )

    job = _read_job(job_fd)
    _apply_limits(job)
    # the job wants another context (or the preloaded one failed): it is run afresh
    afresh = job.context != preload or preload_error is not None
    _arm_stack_sample(os.path.join(run_dir, STACK_FILE))
    try:
        engine.run(job, None if afresh else ns, chan.send)
    except BaseException:  # noqa: BLE001 - the parent says "the worker failed", not "you exited"
        _exit(WORKER_FAILED_EXIT)
    _exit(0)


def main(argv: list[str]) -> None:
    serve(argv, JaxEngine())


if __name__ == "__main__":
    main(sys.argv[1:])
