"""The batch worker of the course proof (`jaxtutor dev check`, `dev blocks`): one interpreter that
imports jax once and runs many trusted jobs in turn, each in a fresh namespace, exactly as the
one-shot worker (tutor/worker/main.py) runs its single job. Never used for a learner's run.

    python -m tutor.worker.batch RESULTS_PATH  < one encoded Job per line

After each job it appends one JSON line to RESULTS_PATH: the job's Finished event and what the job
wrote to fds 1 and 2. Jobs that change process-wide state never come here
(tutor/authoring/isolation.py decides). A job that overruns its time limit ends the whole batch
with TIMEOUT_EXIT: the parent then runs it, and every job after it, in a process of its own, where
the runner's limits and verdicts apply (tutor/running/batch.py)."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
import time

from tutor.protocol.events import Event, Finished, Job, encode_event

TIMEOUT_EXIT = 87  # a job overran its time limit


def _read(fd: int) -> str:
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while data := os.read(fd, 65536):
        chunks.append(data)
    return b"".join(chunks).decode("utf-8", "replace")


def run_one(job: Job, scratch: str) -> dict:
    """Run `job` with fds 1 and 2 sent to files of its own; its Finished event and its output."""
    from tutor.worker import run_job

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
    watchdog.start()
    began = time.perf_counter()
    try:
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
    from tutor.worker.main import _warm_up

    results_path = argv[0]
    try:
        os.nice(5)
    except OSError:
        pass
    _warm_up()
    jobs = [Job.decode(line.encode("utf-8")) for line in sys.stdin if line.strip()]
    with tempfile.TemporaryDirectory(prefix="jaxtutor-batch-") as scratch:
        for job in jobs:
            record = run_one(job, scratch)
            with open(results_path, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(record, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
