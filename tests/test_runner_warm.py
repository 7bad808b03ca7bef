"""When the runner's next worker warms up: beside a job or after it, from any thread, and that a
worker warmed from a thread that ended still serves the next job. The pool is the parent's: the
workers are tests/fakeworker.py (the real worker's life without jax)."""

import asyncio
import time

import pytest
from runnerhelp import CTX, FAKE_WORKER, GOOD, LONG, job

from tutor.protocol.result import Status
from tutor.running.runner import Runner


def test_spare_survives_the_thread_and_the_loop_that_asked_for_it(tmp_path):
    """A worker warmed from a short-lived thread (as the app's thread workers do), or beside a
    job whose event loop then ended (as each `jaxtutor check` has one), must not die with them:
    once they are gone, that very worker still runs the next job, in another loop (a worker
    bound to its thread or loop would crash the job, or be replaced by a fresh one)."""
    import threading

    path = tmp_path / "answer.py"
    path.write_text(GOOD)
    r = Runner(keep_warm=True, worker=FAKE_WORKER)

    def run_once():
        holder.update(result=r.run_sync(job(path)))

    try:
        for body in (lambda: r.warm(CTX), run_once):
            holder = {}
            th = threading.Thread(target=body)
            th.start()
            th.join()
            spare = _warmed_spare(r)
            run = r.start(job(path))
            assert run.worker is spare
            assert asyncio.run(run.supervise()).status == Status.PASSED
        assert holder["result"].status == Status.PASSED
    finally:
        r.close()


def _warmed_spare(r: Runner):
    deadline = time.monotonic() + 120
    while (r.spare is None or not r.spare.warmed()) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert r.spare is not None and r.spare.warmed()
    return r.spare


def _warm_runner(warm_beside_after: float) -> Runner:
    r = Runner(keep_warm=True, warm_beside_after=warm_beside_after, worker=FAKE_WORKER)
    r.warm(CTX)
    _warmed_spare(r)
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

    async def seen_during_the_job():
        run = r.start(job(path, limit=LONG))
        during = r.spare  # the job has its worker, and waits for the flag
        task = asyncio.create_task(run.supervise())
        flag.write_text("")
        async with asyncio.timeout(60):
            return during, await task

    try:
        during, result = asyncio.run(seen_during_the_job())
        assert (during is None) if delay else (during is not None and during.alive())
        assert result.status == Status.PASSED
        assert r.spare is not None and r.spare.alive()  # ready for the next run
        if not delay:
            assert r.spare is during  # the one warmed beside the job
    finally:
        r.close()


def test_a_job_running_past_the_delay_has_the_next_worker_warm_up_beside_it(tmp_path):
    path, flag = _waiting_answer(tmp_path)
    r = _warm_runner(0.05)

    async def spare_while_running():
        task = asyncio.create_task(r.run(job(path, limit=LONG)))
        async with asyncio.timeout(60):
            while r.spare is None:
                await asyncio.sleep(0.02)
        assert not task.done()  # warming while the job still runs
        flag.write_text("")
        async with asyncio.timeout(60):
            return await task

    try:
        assert asyncio.run(spare_while_running()).status == Status.PASSED
    finally:
        r.close()


def test_a_spare_warmed_for_other_content_does_not_run_the_next_job(tmp_path, monkeypatch):
    """A spare reads its content's check catalogs while it warms up: one made while
    JAXTUTOR_CONTENT pointed elsewhere (a test's own course) must not run a job of the content
    in use now (seen in the tool gate: a real-course job told 'no check message' by a spare made
    for the fixture course)."""
    path = tmp_path / "answer.py"
    path.write_text(GOOD)
    r = Runner(keep_warm=True, worker=FAKE_WORKER)
    try:
        monkeypatch.setenv("JAXTUTOR_CONTENT", str(tmp_path / "other"))
        r.warm(CTX)
        other = _warmed_spare(r)
        monkeypatch.delenv("JAXTUTOR_CONTENT")
        run = r.start(job(path))
        assert run.worker is not other
        assert asyncio.run(run.supervise()).status == Status.PASSED
        same = _warmed_spare(r)  # made after the content was set back: it runs the next job
        run = r.start(job(path))
        assert run.worker is same
        assert asyncio.run(run.supervise()).status == Status.PASSED
    finally:
        r.close()
