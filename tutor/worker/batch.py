"""The batch worker of the course proof (`jaxtutor dev check`, `dev blocks`): one interpreter that
imports jax once and runs many trusted jobs in turn, each in a fresh namespace, exactly as the
one-shot worker (tutor/worker/main.py) runs its single job. Never used for a learner's run.

    python -m tutor.worker.batch JOBS_FD RECORDS_FD

It reads one line per job from JOBS_FD ({"job": …, "langs": […]}), runs it, and writes one JSON
line to RECORDS_FD: the job's Finished event and what the job wrote to fds 1 and 2; it lives until
JOBS_FD ends (the parent keeps it for many exercises and pages: tutor/running/batch_process.py).
A job with several `langs` (a wrong fixture: the same code in every language) runs once with every
sentence said in all of them (tutor/words/every_lang.py); the parent reads each language's words
from the marks. Jobs that change process-wide state never come here (tutor/authoring/isolation.py
decides). A job that overruns its time limit ends the worker with TIMEOUT_EXIT: the parent then
runs that job in a process of its own, where the runner's limits and verdicts apply, and the
jobs after it in a new batch worker (tutor/running/batch.py)."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
import time

from tutor.protocol.events import Event, Finished, Job, encode_event

TIMEOUT_EXIT = 87  # a job overran its time limit (distinct from main.py's exit codes)


def _read(fd: int) -> str:
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while data := os.read(fd, 65536):
        chunks.append(data)
    return b"".join(chunks).decode("utf-8", "replace")


def run_one(job: Job, scratch: str, langs: list[str] | None = None) -> dict:
    """Run `job` with fds 1 and 2 sent to files of its own; its Finished event and its output.
    With several `langs`, every sentence of the run is said in all of them."""
    from tutor.words import every_lang
    from tutor.worker import cache_epochs, run_job

    finished: list[Finished] = []

    def keep(event: Event) -> None:
        if isinstance(event, Finished):
            finished.append(event)

    out = os.open(os.path.join(scratch, "stdout"), os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
    err = os.open(os.path.join(scratch, "stderr"), os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
    saved = os.dup(1), os.dup(2)
    watchdog = threading.Timer(job.time_limit, os._exit, args=(TIMEOUT_EXIT,))
    watchdog.daemon = True
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    os.dup2(out, 1)
    os.dup2(err, 2)
    cache_epochs.first_epoch()  # the programs earlier jobs compiled before their counts
    watchdog.start()
    began = time.perf_counter()
    try:
        with every_lang.saying(langs or [job.lang]):
            run_job.run(job, None, keep)
    finally:
        watchdog.cancel()
        duration = time.perf_counter() - began
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001 - the job may have closed or replaced them
                pass
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in saved:
            os.close(fd)
    stdout, stderr = _read(out), _read(err)
    os.close(out)
    os.close(err)
    event = encode_event(finished[0]).decode("utf-8") if finished else None
    return {
        "nonce": job.nonce,
        "finished": event,
        "stdout": stdout,
        "stderr": stderr,
        "duration_s": round(duration, 3),
    }


def main(argv: list[str]) -> None:
    """Read job lines from the fd `argv[0]` until its end; after each job, one record line on the
    fd `argv[1]` (tutor/running/batch_process.py)."""
    from tutor.worker import kept_executables
    from tutor.worker.main import _warm_up

    fds = [int(fd) for fd in argv[:2]]
    for fd in fds:  # a process a job starts must not hold the pipes open after the worker ends
        os.set_inheritable(fd, False)
    jobs, records = os.fdopen(fds[0], "rb"), os.fdopen(fds[1], "wb")
    try:
        os.nice(5)
    except OSError:
        pass
    _warm_up()
    kept_executables.install()  # jobs share the programs read from the persistent cache
    with tempfile.TemporaryDirectory(prefix="jaxtutor-batch-") as scratch:
        for line in jobs:
            if not line.strip():
                continue
            said = json.loads(line)
            job = Job.decode(said["job"].encode("utf-8"))
            record = run_one(job, scratch, said.get("langs"))
            records.write((json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8"))
            records.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
