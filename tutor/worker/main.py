"""The worker: a fresh interpreter (started with exec, never fork) that imports jax once, waits
for one job on a private pipe, runs it and reports on another private pipe, then exits.

    python -m tutor.worker.main JOB_FD RESULT_FD LIFELINE_FD [CONTEXT_PATH]

Before anything heavy it forks itself into a reaper and the worker proper
(tutor/worker/processes.py). The messages on RESULT_FD are the events of tutor/protocol/events.py;
the learner's stdout/stderr are the process's fds 1 and 2, which the parent reads live. Running
the job itself is tutor/worker/run_job.py."""

from __future__ import annotations

import os
import sys
import time

from tutor.protocol.events import PROTOCOL_VERSION, Event, Job, Ready, encode_event
from tutor.worker import processes

RESULT_FD_MIN = 200  # the result pipe is moved up here, away from the fds learners touch
EVENTS_FILE = "events.jsonl"  # in the run folder: where events go if the learner closed the pipe
STACK_FILE = "stack.txt"  # in the run folder: the stack sampled just before the time limit
WORKER_FAILED_EXIT = 86  # the worker's own code failed after the job arrived
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
    from tutor.worker import xlacache

    check_catalog.preload()  # the checks' words in every language, parsed before any job

    xlacache.enable(jax, os.environ.get(xlacache.CACHE_VAR))

    x = jnp.arange(4.0)
    jax.jit(lambda a: (a * 2.0).sum())(x).block_until_ready()
    jax.grad(lambda a: (a**2).sum())(x).block_until_ready()


def _apply_limits(job: Job) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_CPU, (job.cpu_limit_s, job.cpu_limit_s + 5))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    limit = (_vm_data_kb() * 1024) + job.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))


def main(argv: list[str]) -> None:
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
    _warm_up()
    from tutor.worker import run_job

    ns = run_job.fresh_namespace()
    preload_error: Exception | None = None
    if preload:
        try:
            run_job.exec_file(preload, ns)
        except Exception as e:  # a broken context is a content bug; it is reported with the job
            preload_error = e
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
    try:
        run_job.run(job, None if afresh else ns, chan.send, os.path.join(run_dir, STACK_FILE))
    except BaseException:  # noqa: BLE001 - the parent says "the worker failed", not "you exited"
        _exit(WORKER_FAILED_EXIT)
    _exit(0)


if __name__ == "__main__":
    main(sys.argv[1:])
