"""When the runner's next worker warms up: beside a job or after it, from any thread, and that a
worker warmed from a thread that ended still serves the next job. The pool is the parent's: the
workers are tests/fakeworker.py (the real worker's life without jax)."""

import time

import pytest
from runnerhelp import CTX, FAKE_WORKER, GOOD, LONG, job

from tutor.protocol.result import Status
from tutor.running.runner import Runner


def test_spare_survives_the_thread_that_asked_for_it(tmp_path):
    """A worker warmed from a short-lived thread (as the app's thread workers do) must not die
    when that thread ends: once the thread is gone, that very worker still runs the next job (a
    worker killed with its thread would crash the job, or be replaced by a fresh one)."""
    import threading

    path = tmp_path / "answer.py"
    path.write_text(GOOD)
    r = Runner(keep_warm=True, worker=FAKE_WORKER)

    def run_once():
        run = r.start(job(path))
        holder.update(result=run.wait(60), settled=run.wait_settled(60))

    try:
        for body in (lambda: r.warm(CTX), run_once):
            holder = {}
            th = threading.Thread(target=body)
            th.start()
            th.join()
            deadline = time.monotonic() + 60
            while (r.spare is None or r.spare.ready_info is None) and time.monotonic() < deadline:
                time.sleep(0.05)
            spare = r.spare
            assert spare is not None and spare.ready_info is not None
            run = r.start(job(path))
            assert run.worker is spare and run.wait(60).status == Status.PASSED
        assert holder["result"].status == Status.PASSED and holder["settled"]
    finally:
        r.close()


def _warm_runner(warm_beside_after: float) -> Runner:
    r = Runner(keep_warm=True, warm_beside_after=warm_beside_after, worker=FAKE_WORKER)
    r.warm(CTX)
    deadline = time.monotonic() + 120
    while r.spare.ready_info is None and time.monotonic() < deadline:
        time.sleep(0.02)
    return r


def _waiting_answer(tmp_path):
    """An answer that passes once the test creates the returned flag file."""
    flag = tmp_path / "go"
    path = tmp_path / "answer.py"
    path.write_text(
        f"import os, time\nwhile not os.path.exists({str(flag)!r}):\n    time.sleep(0.01)\n" + GOOD
    )
    return path, flag


@pytest.mark.parametrize("delay", [0.0, 1000.0])
def test_when_the_next_worker_starts_warming(tmp_path, delay):
    """Many jobs in a row (delay 0): the next worker warms up beside each job, from start() on. A
    learner waiting for one verdict (a delay longer than the job): it starts after the job, which
    keeps both cores. The job waits for a flag, so what is seen during it does not depend on
    speed."""
    path, flag = _waiting_answer(tmp_path)
    r = _warm_runner(delay)
    try:
        run = r.start(job(path, limit=LONG))
        during = r.spare
        assert run.wait(0) is None  # still running
        assert (during is None) if delay else (during is not None and during.alive())
        flag.write_text("")
        assert run.wait(60).status == Status.PASSED
        assert run.wait_settled(60)
        assert r.spare is not None and r.spare.alive()  # ready for the next run
        if not delay:
            assert r.spare is during  # the one warmed beside the job
    finally:
        r.close()


def test_a_job_running_past_the_delay_has_the_next_worker_warm_up_beside_it(tmp_path):
    path, flag = _waiting_answer(tmp_path)
    r = _warm_runner(0.05)
    try:
        run = r.start(job(path, limit=LONG))
        deadline = time.monotonic() + 60
        while r.spare is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert r.spare is not None and run.wait(0) is None  # warming while the job still runs
        flag.write_text("")
        assert run.wait(60).status == Status.PASSED
    finally:
        r.close()
