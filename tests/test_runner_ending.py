"""How a run ends besides its verdict: cancelled, its parent dead (the whole tree dies with it),
its supervisor broken, its worker slow to start, or a platform where workers cannot be
supervised. Each ends with a result and leaves no process and no run folder behind. The parent's
handling is what is proved: the workers are tests/fakeworker.py (the real worker's life without
jax)."""

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from runnerhelp import (
    CHECK,
    DOUBLE_FORK,
    ESCAPEE,
    FAKE_WORKER,
    GOOD,
    LONG,
    assert_nothing_left,
    child_pids,
    gone,
    job,
    supervised,
    wait_gone,
)

from tutor.protocol.result import Status
from tutor.running import run as run_mod
from tutor.running.runner import Runner
from tutor.words.catalog import t
from tutor.worker import processes

ROOT = Path(__file__).resolve().parent.parent


def test_cancel_ends_everything_and_leaves_nothing(fake_runner, tmp_path):
    pid_file = tmp_path / "pids.txt"
    path = tmp_path / "answer.py"
    path.write_text(ESCAPEE.replace("{pids!r}", repr(str(pid_file))) + "while True:\n    pass\n")
    run = fake_runner.start(job(path, limit=LONG))

    async def cancelled_once_the_child_exists():
        task = asyncio.create_task(run.supervise())
        async with asyncio.timeout(30):  # so that the cancel has something to chase
            while not pid_file.exists():
                await asyncio.sleep(0.05)
        task.cancel()
        # the job loops until its 60 s limit: a verdict before it, cancelled, is the cancel's
        # doing (how soon it comes is measured by scripts/bench.py)
        async with asyncio.timeout(LONG / 2):
            return await task

    result = asyncio.run(cancelled_once_the_child_exists())
    assert result.status == Status.CANCELLED
    assert_nothing_left(run, child_pids(pid_file))


def test_a_run_cancelled_before_its_first_step_takes_no_worker(fake_runner, tmp_path):
    """A task cancelled before it ran never took the spare: nothing to kill, the spare kept."""
    path = tmp_path / "answer.py"
    path.write_text(GOOD)
    fake_runner.warm(None)
    spare = fake_runner.spare

    async def cancelled_at_once():
        task = asyncio.create_task(fake_runner.run(job(path)))
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(cancelled_at_once())
    assert fake_runner.spare is spare and spare is not None and spare.alive()


def test_a_slow_worker_start_says_so(monkeypatch, tmp_path):
    # no interpreter starts, let alone imports jax, within 0.01 s, however fast the machine
    monkeypatch.setattr(run_mod, "STARTUP_LIMIT_S", 0.01)
    path = tmp_path / "answer.py"
    path.write_text(GOOD)
    r = Runner(keep_warm=False, worker=FAKE_WORKER)
    try:
        run = r.start(job(path, limit=7.5))
        result = supervised(run, 7.5)
    finally:
        r.close()
    assert result.status == Status.TIMEOUT
    assert result.message == t("run.start_timeout", limit=0.01) and "7.5" not in result.message
    assert_nothing_left(run)


def test_a_failure_of_the_supervisor_still_ends_the_run(monkeypatch, tmp_path):
    def broken(handle):
        raise RuntimeError("supervisor bug")

    monkeypatch.setattr(processes, "rss", broken)  # the memory watch fails once the job runs
    path = tmp_path / "answer.py"
    path.write_text("while True:\n    pass\n")
    r = Runner(keep_warm=True, worker=FAKE_WORKER)
    try:
        run = r.start(job(path))
        result = supervised(run, LONG)
        assert result.status == Status.CRASHED and "supervisor bug" in result.message
        assert_nothing_left(run)
        assert r.spare is not None and r.spare.alive()  # the next run has a worker
    finally:
        r.close()


def test_an_unsupervisable_platform_gets_a_message(monkeypatch, tmp_path):
    monkeypatch.setattr(processes, "unsupported_reason", lambda: "plan9")
    r = Runner()
    result = r.run_sync(job(tmp_path / "answer.py"))
    assert result.status == Status.CRASHED and "plan9" in result.message
    r.close()


PARENT = """
import asyncio, signal, sys
# as a shell gives it (a suite run under nohup ignores it)
signal.signal(signal.SIGHUP, signal.SIG_DFL)
from tutor.protocol.events import Job
from tutor.running.runner import Runner
r = Runner(keep_warm=False, worker=sys.argv[3:])
job = Job(kind="exercise", exercise="6.1", time_limit=300, file=sys.argv[1],
          interface=["update_counter"], check_module=sys.argv[2], check_ids=["x"], context=None)

async def main():
    run = r.start(job)
    w = run.worker
    task = asyncio.create_task(run.supervise())
    while w.ready_info is None:
        await asyncio.sleep(0.05)
    print(w.proc.pid, w.ready_info.pid, w.workdir, w.token, flush=True)
    await task

asyncio.run(main())
"""


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGHUP])
def test_the_whole_tree_dies_with_its_parent(tmp_path, how):
    pid_file = tmp_path / "pids.txt"
    path = tmp_path / "answer.py"
    path.write_text(
        ESCAPEE.replace("{pids!r}", repr(str(pid_file)))
        + DOUBLE_FORK.replace("{pids!r}", repr(str(pid_file)))
        + "import subprocess\nsubprocess.Popen(['sleep', '600'])\nwhile True:\n    pass\n"
    )
    with subprocess.Popen(
        [sys.executable, "-c", PARENT, str(path), str(CHECK), *FAKE_WORKER],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    ) as parent:
        try:
            reaper, worker, workdir, token = parent.stdout.readline().split()
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and len(child_pids(pid_file)) < 2:
                time.sleep(0.05)
            children = child_pids(pid_file)
            assert len(children) == 2 and not any(gone(p) for p in children)
            parent.send_signal(how)
            parent.wait()
        finally:
            if parent.poll() is None:  # a failure above: the parent must not outlive the test
                parent.kill()
    assert wait_gone([int(reaper), int(worker), *children], 5.0) == []
    assert processes.with_token(token) == []
    deadline = time.monotonic() + 5
    while os.path.exists(workdir) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not os.path.exists(workdir)


def test_a_second_cancel_while_the_worker_is_reaped_still_leaves_nothing(
    fake_runner, tmp_path, monkeypatch
):
    """The run's task cancelled again while its worker is being reaped (an app closing during a
    cancel): the cancel goes through, and the worker's tree and run folder are still gone."""
    from tutor.running.worker_process import WorkerProcess

    async def cancelled_again(self):  # the second cancel, before anything was killed
        raise asyncio.CancelledError

    monkeypatch.setattr(WorkerProcess, "settle", cancelled_again)
    pid_file = tmp_path / "pids.txt"
    path = tmp_path / "answer.py"
    path.write_text(ESCAPEE.replace("{pids!r}", repr(str(pid_file))) + "while True:\n    pass\n")
    run = fake_runner.start(job(path, limit=LONG))

    async def cancelled_twice():
        task = asyncio.create_task(run.supervise())
        async with asyncio.timeout(30):
            while not pid_file.exists():
                await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(cancelled_twice())
    assert run.result is None  # cut short before the judge: no verdict
    assert_nothing_left(run, child_pids(pid_file))
