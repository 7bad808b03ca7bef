"""Process supervision without a course: trees found by ancestry and killed, a reaper killed
from outside (the run still ends and its orphans are found by token), run folders of dead
owners removed at start-up. The workers are tests/fakeworker.py: the real worker's reaper and
pipes without jax."""

import asyncio
import os
import signal
import subprocess
import sys
import time

import pytest
from runnerhelp import CTX, DOUBLE_FORK, ESCAPEE, FAKE_WORKER, child_pids, job

from tutor import paths
from tutor.protocol.events import Job
from tutor.protocol.result import Status
from tutor.running.runner import Runner
from tutor.running.worker_process import WorkerProcess
from tutor.worker import processes

TREE = """
import subprocess, sys, time
for _ in range(2):
    p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'], env={},
                         start_new_session=True)
    print(p.pid, flush=True)
time.sleep(600)
"""


def _gone(pid: int) -> bool:
    return not processes.alive(processes.process(pid))


def _wait_gone(pids, within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and not all(_gone(p) for p in pids):
        time.sleep(0.05)
    return all(_gone(p) for p in pids)


class _Looked:
    """A process whose descendants, looked at again and again, are the `looks` in turn (then the
    last one): a look through /proc that missed a process moving to a new parent."""

    def __init__(self, looks: list[list[int]]):
        self.looks, self.count = looks, 0

    def children(self, recursive=False):
        found = self.looks[min(self.count, len(self.looks) - 1)]
        self.count += 1
        return [_Sleeping(pid) for pid in found]


class _Sleeping:
    def __init__(self, pid: int):
        self.pid = pid

    def status(self) -> str:
        return "sleeping"

    def create_time(self) -> float:
        return 1000.0 + self.pid


@pytest.mark.parametrize(
    ("looks", "counted", "looked"),
    [
        ([[]], 0, 1),  # nothing below: one look
        ([[11], [11, 13], [11, 13]], 2, 3),  # a double fork's grandchild missed by the first look
        ([[11, 12], [11, 13], [11, 13]], 2, 3),  # its parent seen mid-fork, gone by the next look
        ([[11, 99], [11], [11]], 1, 2),  # the worker itself (99) is not counted
    ],
)
def test_the_processes_left_are_counted_when_two_looks_agree(monkeypatch, looks, counted, looked):
    below = _Looked(looks)
    monkeypatch.setattr(processes, "process", lambda pid: below)
    assert len(processes.live_below(1, exclude=99)) == counted
    assert below.count == looked


def test_kill_below_finds_detached_children_by_ancestry():
    with subprocess.Popen([sys.executable, "-c", TREE], stdout=subprocess.PIPE, text=True) as root:
        try:
            children = [int(root.stdout.readline()) for _ in range(2)]
            assert not any(_gone(p) for p in children)
            seen = processes.live_below(root.pid)
            assert len(seen) == 2 and {pid for pid, _ in seen} == set(children)
            assert processes.kill_below(root.pid) == seen  # the same processes, each once
            assert _wait_gone(children, 5.0) and not _gone(root.pid)
        finally:
            root.kill()


def _orphan_maker(tmp_path):
    """(pid file, answer): an answer that starts a child in a session of its own (it keeps the
    run's token in its environment), writes the child's pid down, and sleeps."""
    pid_file = tmp_path / "pid.txt"
    answer = tmp_path / "answer.py"
    answer.write_text(
        "import subprocess, sys, time\n"
        "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'],"
        " start_new_session=True)\n"
        f"open({str(pid_file)!r}, 'w').write(str(p.pid))\n"
        "time.sleep(600)\n"
    )
    return pid_file, answer


def _sent(answer):
    """A fake worker, warm, running `answer`; and the deadline of the test's waits for it."""
    w = WorkerProcess(FAKE_WORKER, CTX)
    deadline = time.monotonic() + 90
    try:
        while not w.warmed():
            assert time.monotonic() < deadline
            time.sleep(0.02)
        w.send(job(answer, limit=120))
    except BaseException:
        w.destroy()
        raise
    return w, deadline


def test_a_reaper_killed_from_outside_still_ends_the_run(tmp_path):
    pid_file, answer = _orphan_maker(tmp_path)
    job = Job(
        kind="exercise",
        exercise="6.1",
        time_limit=120,
        file=str(answer),
        interface=["update_counter"],
        check_module=str(paths.checks_dir() / "ex_6_1.py"),
        check_ids=["eager"],
    )
    r = Runner(keep_warm=False, worker=FAKE_WORKER)

    async def reaper_killed_once_the_child_exists():
        task = asyncio.create_task(run.supervise())
        async with asyncio.timeout(60):
            while not (pid_file.exists() and pid_file.read_text()):
                await asyncio.sleep(0.05)
        os.kill(run.worker.proc.pid, signal.SIGKILL)  # the reaper, as the OOM killer would
        async with asyncio.timeout(30):
            return await task

    try:
        run = r.start(job)
        result = asyncio.run(reaper_killed_once_the_child_exists())
        child = int(pid_file.read_text())
    finally:
        r.close()
    assert result.status is Status.CRASHED and "SIGKILL" in result.message
    assert _wait_gone([child], 5.0)  # found by its token, not by ancestry
    assert not os.path.exists(run.worker.workdir)


def test_a_reaper_killed_after_the_worker_died_still_has_its_orphans_found(tmp_path):
    """The order a loaded machine may show: the worker proper dies (here of SIGKILL, as from the
    OOM killer) while its reaper still looks alive when the run ends, and the reaper is killed
    from outside a moment later. The reaper's SIGKILL, not what was seen at the run's end, sends
    the runner looking for the run's processes by token."""
    pid_file, answer = _orphan_maker(tmp_path)
    w, deadline = _sent(answer)
    try:
        while not child_pids(pid_file):
            assert time.monotonic() < deadline and w.worker_alive()
            time.sleep(0.05)
        child = child_pids(pid_file)[0]
        os.kill(w.proc.pid, signal.SIGSTOP)  # the reaper, held so that it cannot act
        assert w.ready_info is not None
        os.kill(w.ready_info.pid, signal.SIGKILL)  # the worker proper
        while w.worker_alive():
            assert time.monotonic() < deadline
            time.sleep(0.05)
        w.release()  # the run ends: its reaper is still there
        os.kill(w.proc.pid, signal.SIGKILL)  # then the reaper too
        assert w.destroy() == 1  # the orphan, counted once
    finally:
        w.destroy()
    assert _wait_gone([child], 5.0)


def test_run_folders_of_dead_owners_are_removed(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f"{processes.RUN_DIR_PREFIX}{dead.pid}-abc"
    mine = tmp_path / f"{processes.RUN_DIR_PREFIX}{os.getpid()}-def"
    other = tmp_path / f"{processes.RUN_DIR_PREFIX}legacy"
    for folder in (stale, mine, other):
        folder.mkdir()
    (stale / "stack.txt").write_text("x")
    assert processes.remove_stale_run_dirs(str(tmp_path)) == 1
    assert not stale.exists() and mine.exists() and other.exists()


def test_a_process_left_behind_counts_once_when_the_reaper_is_late(tmp_path):
    """The run's first look (release) sees the two processes the learner's code left; the reaper,
    stopped here as a loaded machine delays it, has not killed them when the wait for it ends,
    so they are killed from the runner's side: the same two, counted once (2, not 4)."""
    pid_file, answer = tmp_path / "pids.txt", tmp_path / "answer.py"
    code = ESCAPEE + DOUBLE_FORK + "import time\ntime.sleep(600)\n"
    answer.write_text(code.replace("{pids!r}", repr(str(pid_file))))
    w, deadline = _sent(answer)
    try:
        while len(child_pids(pid_file)) < 2:
            assert time.monotonic() < deadline and w.worker_alive()
            time.sleep(0.05)
        os.kill(w.proc.pid, signal.SIGSTOP)  # the reaper
        assert w.destroy() == 2
    finally:
        w.destroy()
    assert _wait_gone(child_pids(pid_file), 5.0)
