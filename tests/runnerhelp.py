"""Shared pieces of the runner's tests (test_runner_*.py, test_supervision.py, test_procs.py): the
job of exercise 6.1 of the real course, learner code that leaves processes behind, the check that
a run left nothing, and the worker without jax (tests/fakeworker.py)."""

from __future__ import annotations

import ast
import asyncio
import os
import sys
import time
from pathlib import Path

from tutor import paths
from tutor.protocol.events import Job
from tutor.worker import processes

CHECK = paths.checks_dir() / "ex_6_1.py"
CTX = str(paths.lessons_dir() / "ch6" / "context.py")
GOOD = "\ndef update_counter(count, increment):\n    return count + 1, increment\n"
WRONG = "\ndef update_counter(count, increment):\n    return count + increment, increment\n"
LIMIT = 4.0
LONG = 60.0  # for faults whose detection must win however slow the machine is

ESCAPEE = (
    "import subprocess, sys\n"
    "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'], env={},"
    " start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, "
    "stderr=subprocess.DEVNULL)\n"
    "open({pids!r}, 'a').write(f'{p.pid}\\n')\n"
)
# the middle process is reaped before the code goes on: only the grandchild is left to escape (a
# middle process still exiting when the run ends would be one more leftover to count)
DOUBLE_FORK = (
    "import os\n"
    "_middle = os.fork()\n"
    "if _middle == 0:\n"
    "    os.setsid()\n"
    "    if os.fork() == 0:\n"
    "        open({pids!r}, 'a').write(f'{os.getpid()}\\n')\n"
    "        os.execvp('sleep', ['sleep', '600'])\n"
    "    os._exit(0)\n"
    "os.waitpid(_middle, 0)\n"
)


def check_ids(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        d.args[0].value
        for node in ast.walk(tree)
        for d in getattr(node, "decorator_list", [])
        if isinstance(d, ast.Call) and getattr(d.func, "attr", "") == "add" and d.args
    ]


def job(path, limit=LIMIT, memory_mb=3072, check_module=CHECK, **kw) -> Job:
    return Job(
        kind="exercise",
        exercise="6.1",
        time_limit=limit,
        memory_mb=memory_mb,
        file=str(path),
        interface=["update_counter"],
        check_module=str(check_module),
        check_ids=check_ids(CHECK),
        context=CTX,
        **kw,
    )


def gone(pid: int) -> bool:
    return not processes.alive(processes.process(pid))


def wait_gone(pids, within: float = 5.0) -> list[int]:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and not all(gone(p) for p in pids):
        time.sleep(0.05)
    return [p for p in pids if not gone(p)]


def supervised(run, limit: float, on_event=None, on_output=None):
    """The result of `run`, supervised in an event loop of its own; a supervision that has not
    ended `limit` + 90 s in is cancelled (its result then says cancelled, not what was expected)."""

    async def bounded():
        async with asyncio.timeout(limit + 90):
            return await run.supervise(on_event, on_output)

    return asyncio.run(bounded())


def assert_nothing_left(run, extra_pids=()) -> None:
    """Once its supervision returned, the run left no process, no token and no run folder."""
    w = run.worker
    pids = [w.proc.pid] + ([w.ready_info.pid] if w.ready_info else []) + list(extra_pids)
    assert wait_gone(pids, 2.0) == []
    assert processes.with_token(w.token) == []
    assert not os.path.exists(w.workdir)


def child_pids(pid_file: Path) -> list[int]:
    return [int(x) for x in pid_file.read_text().split()] if pid_file.exists() else []


def run_fault(runner, tmp_path: Path, fault: tuple):
    """Run one fault (code, expected status, limit, memory) to its end: its status is the one
    expected, nothing it started is left, and an abnormal end says why. (run, result, the pids the
    code wrote down) for the fault's own assertions."""
    from tutor.protocol.result import Status

    code, expected, limit, memory_mb = fault
    pid_file = tmp_path / "pids.txt"
    path = tmp_path / "answer.py"
    path.write_text(code.replace("{pids!r}", repr(str(pid_file))))
    run = runner.start(job(path, limit, memory_mb))
    result = supervised(run, limit)  # the limit was enforced: cancelled 90 s past it, it fails
    assert result.status == expected, (
        result.status,
        result.message,
        result.stderr[-800:],
        result.error and result.error.traceback,
    )
    children = child_pids(pid_file)
    assert_nothing_left(run, children)
    if expected in (Status.TIMEOUT, Status.MEMORY, Status.CRASHED, Status.EXITED_EARLY):
        assert result.message
    return run, result, children


# the worker of the supervision tests: the real worker's protocol, reaper and limits, no jax
FAKE_WORKER = [sys.executable, str(Path(__file__).resolve().parent / "fakeworker.py")]


def timeless(result) -> dict:
    """A result as a dict without its timings (the only thing two runs of one job may differ in)."""
    d = result.to_dict()
    d.pop("duration_s")
    for check in d["checks"]:
        check.pop("duration_s")
    return d
