"""The parent's supervision survives bad code: each fault ends with the right status and leaves no
process and no run folder behind. The worker here is tests/fakeworker.py, the real worker's life
(reaper, pipes, limits, stack sample) without jax: what is proved is the parent's handling, which
is the same for both. What only the real worker does is in test_runner_faults.py. Statuses must
not depend on machine speed: faults whose detection races the time limit get a long one (LONG)."""

import asyncio

import pytest
from runnerhelp import (
    DOUBLE_FORK,
    ESCAPEE,
    GOOD,
    LIMIT,
    LONG,
    assert_nothing_left,
    job,
    run_fault,
    supervised,
)

from tutor.protocol.events import snippet_job
from tutor.protocol.result import Status
from tutor.words.catalog import t

MALFORMED = (
    'import os\nos.write(200, b\'{"type":"check_done","check":{}}\\n\')\nwhile True:\n    pass\n'
)
FORGED = (
    "import os, json\n"
    "doc = {'type': 'result', 'nonce': '0' * 32, 'report': {'checks': [], 'error': None,"
    " 'origin': None, 'missing': [], 'exit_code': None, 'out_of_memory': False, 'charts': []}}\n"
    "os.write(200, (json.dumps(doc) + '\\n').encode())\nos._exit(0)\n"
)

# name: (code, expected status, time limit, memory cap in MB)
# the double fork's grandchild writes its pid on its own time: the answer waits for both pids, or
# a quick worker's end kills the grandchild before it is written down (1 pid instead of 2)
BOTH_WRITTEN = "import time\nwhile len(open({pids!r}).read().split()) < 2:\n    time.sleep(0.01)\n"

FAULTS = {
    "endless_python_loop": ("x = 1\nwhile True:\n    x += 1\n", Status.TIMEOUT, LIMIT, 3072),
    # the parent's watch of the tree's memory: pages written, more than the cap above Ready
    "memory_growing_past_the_cap": (
        "hog = []\nwhile True:\n    hog.append(b'x' * 5_000_000)\n",
        Status.MEMORY,
        LONG,
        200,
    ),
    # the worker's RLIMIT_DATA: memory reserved (never written) past the cap fails to allocate
    "memory_reserved_past_the_cap": ("hog = bytearray(4_000_000_000)\n", Status.MEMORY, LONG, 200),
    "segfault": ("import ctypes\nctypes.string_at(0)\n", Status.CRASHED, LIMIT, 3072),
    "os_exit": ("import os\nos._exit(3)\n", Status.EXITED_EARLY, LIMIT, 3072),
    "flood_of_output": (
        "import sys\nchunk = 'x' * 999 + '\\n'\nfor _ in range(100_000):\n    "
        "sys.stdout.write(chunk)\n" + GOOD,
        Status.PASSED,
        LONG,
        3072,
    ),
    "child_escapes_with_setsid": (
        "import subprocess, sys\n"
        "subprocess.Popen([sys.executable, '-c', 'import os, time; os.setsid(); "
        "time.sleep(600)'])\n"
        "subprocess.Popen(['setsid', 'sleep', '600'])\n" + GOOD,
        Status.PASSED,
        LIMIT,
        3072,
    ),
    "escapee_with_empty_env_and_new_session": (
        ESCAPEE + DOUBLE_FORK + BOTH_WRITTEN + GOOD,
        Status.PASSED,
        LIMIT,
        3072,
    ),
    "closed_fds_1_and_2": (
        "import os\nos.close(1)\nos.close(2)\n" + GOOD,
        Status.PASSED,
        LIMIT,
        3072,
    ),
    # the result pipe closed too: the worker's events go to the run folder, read from there
    "closed_every_fd": ("import os\nos.closerange(0, 4096)\n" + GOOD, Status.PASSED, LIMIT, 3072),
    "malformed_message_then_a_loop": (MALFORMED, Status.CRASHED, LIMIT, 3072),
    "forged_passing_result": (FORGED, Status.CRASHED, LIMIT, 3072),
}


@pytest.mark.parametrize("name", list(FAULTS))
def test_fault_ends_with_status_and_leaves_nothing(fake_runner, tmp_path, name):
    run, result, children = run_fault(fake_runner, tmp_path, FAULTS[name])
    expected = FAULTS[name][1]
    if expected is Status.PASSED:  # every check the job declares reported passing
        assert [c.id for c in result.checks] == run.job.check_ids
    if name == "endless_python_loop":  # the time limit ended it, with the line where it was
        assert result.error is not None and result.error.line in (2, 3), result.error
        assert str(LIMIT).rstrip("0").rstrip(".") in result.message
    if name == "flood_of_output":
        assert result.output_truncated and len(result.stdout) < 200_000
        assert "省略" in result.stdout or "omitted" in result.stdout
    if name == "escapee_with_empty_env_and_new_session":
        assert len(children) == 2
        assert t("run.escaped", n=2) in result.message
    if name == "malformed_message_then_a_loop":  # crashed: ended by the bad message, which the
        assert "check_done" in result.message  # limit would have ended as a timeout
    if name == "segfault":  # the reaper dies of the worker's own signal
        assert "SIGSEGV" in result.message
    if name == "os_exit":
        assert "3" in result.message


def test_a_forked_child_that_carries_on_ends_the_run(fake_runner):
    """The worker proper exits and its forked child carries on: the child's verdict ends the run,
    not the limit."""
    code = "import os\nif os.fork():\n    os._exit(0)\nprint('the child carried on')\n"
    run = fake_runner.start(snippet_job(code, label="fork", time_limit=LONG))
    result = supervised(run, LONG)
    # passed, not timeout: the child's verdict ended the run, not the limit
    assert result.status == Status.PASSED, (result.status, result.message)
    assert "the child carried on" in result.stdout
    assert_nothing_left(run)


def test_output_streams_live(fake_runner, tmp_path):
    """What the learner's code prints reaches the listener while the job still runs: the job
    prints, then waits for a flag that the test creates only once the print arrived."""
    flag = tmp_path / "go"
    path = tmp_path / "answer.py"
    path.write_text(
        f"import os, time\nprint('first', flush=True)\nwhile not os.path.exists({str(flag)!r}):\n"
        "    time.sleep(0.01)\nprint('second')\n" + GOOD
    )
    seen = []

    async def printed_then_go():
        task = asyncio.create_task(
            fake_runner.run(job(path, limit=LONG), on_output=lambda _s, text: seen.append(text))
        )
        async with asyncio.timeout(60):
            while "first" not in "".join(seen) and not task.done():
                await asyncio.sleep(0.05)
        assert "first" in "".join(seen) and not task.done()  # printed, and the job runs on
        flag.write_text("")
        async with asyncio.timeout(60):
            return await task

    result = asyncio.run(printed_then_go())
    assert result.status == Status.PASSED and "second" in result.stdout


def test_two_runs_go_at_once_in_one_loop(fake_runner, tmp_path):
    """Each run is a task of its own: two in one event loop both go (the app's exercise and a
    lesson example), each with its own worker, output and verdict; neither waits for the other:
    the first passes only once the second has printed."""
    flag = tmp_path / "second-printed"
    first, second = tmp_path / "first.py", tmp_path / "second.py"
    first.write_text(
        f"import os, time\nwhile not os.path.exists({str(flag)!r}):\n    time.sleep(0.01)\n"
        "print('first')\n" + GOOD
    )
    second.write_text(f"open({str(flag)!r}, 'w').close()\nprint('second')\n" + GOOD)

    async def both():
        async with asyncio.timeout(LONG):
            return await asyncio.gather(
                fake_runner.run(job(first, limit=LONG)), fake_runner.run(job(second, limit=LONG))
            )

    results = asyncio.run(both())
    assert [r.status for r in results] == [Status.PASSED, Status.PASSED]
    assert results[0].stdout == "first\n" and results[1].stdout == "second\n"


def test_a_worker_whose_warm_up_fails_is_not_blamed_on_the_learner():
    # a broken catalog or check library fails before the job: "your code ended the process"
    # would be false, and so would "your code may have replaced builtins"
    from runnerhelp import FAKE_WORKER

    from tutor.running.runner import Runner
    from tutor.worker.main import SETUP_FAILED_EXIT

    runner = Runner(keep_warm=False, worker=[*FAKE_WORKER, "--broken-warm-up"])
    try:
        run = runner.start(snippet_job("print(1)", label="setup", time_limit=LONG))
        result = supervised(run, LONG)
    finally:
        runner.close()
    assert result.status == Status.CRASHED, (result.status, result.message)
    assert result.message == t("run.worker_setup_failed", code=SETUP_FAILED_EXIT)
    assert "a1.zh.toml" in result.stderr
