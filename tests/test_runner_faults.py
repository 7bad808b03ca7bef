"""The runner survives bad code: each fault ends with the right status within its time limit
+ 2 s, leaves no process and no run folder behind; cancel ends everything within 0.2 s; the
parent's death takes the whole tree with it. Statuses must not depend on machine speed."""

import ast
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tutor import paths
from tutor.protocol.events import CheckDone, CheckStarted, Job, Started, snippet_job
from tutor.protocol.result import CheckStatus, Status
from tutor.running import run as run_mod
from tutor.running.runner import Runner
from tutor.words.catalog import t
from tutor.worker import processes

ROOT = Path(__file__).resolve().parent.parent
CHECK = paths.checks_dir() / "ex_6_1.py"
CTX = str(paths.lessons_dir() / "ch6" / "context.py")
GOOD = "\ndef update_counter(count, increment):\n    return count + 1, increment\n"
WRONG = "\ndef update_counter(count, increment):\n    return count + increment, increment\n"
LIMIT = 4.0
LONG = 60.0  # for faults whose detection must win however slow the machine is


def check_ids(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        d.args[0].value
        for node in ast.walk(tree)
        for d in getattr(node, "decorator_list", [])
        if isinstance(d, ast.Call) and getattr(d.func, "attr", "") == "add" and d.args
    ]


def _job(path, limit=LIMIT, memory_mb=3072, check_module=CHECK, **kw):
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


ESCAPEE = (
    "import subprocess, sys\n"
    "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'], env={},"
    " start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, "
    "stderr=subprocess.DEVNULL)\n"
    "open({pids!r}, 'a').write(f'{p.pid}\\n')\n"
)
DOUBLE_FORK = (
    "import os\n"
    "if os.fork() == 0:\n"
    "    os.setsid()\n"
    "    if os.fork() == 0:\n"
    "        open({pids!r}, 'a').write(f'{os.getpid()}\\n')\n"
    "        os.execvp('sleep', ['sleep', '600'])\n"
    "    os._exit(0)\n"
)
MALFORMED = (
    'import os\nos.write(200, b\'{"type":"check_done","check":{}}\\n\')\nwhile True:\n    pass\n'
)
FORGED = (
    "import os, json\n"
    "doc = {'type': 'result', 'nonce': '0' * 32, 'exit_code': None, 'result': {'exercise': '6.1',"
    " 'status': 'passed', 'checks': []}}\n"
    "os.write(200, (json.dumps(doc) + '\\n').encode())\nos._exit(0)\n"
)
PATCHED_CHECKLIB = (
    "import tutor.worker.checklib as c\n"
    "c.run_checks = lambda *a, **k: ([], None)\n"
    "c.assert_close = c.assert_that = c.assert_equal = c.fail = lambda *a, **k: None\n" + WRONG
)
# the learner's file replaces the name the worker calls for the checks: every declared check
# "passes" without running, unless the worker bound run_checks before the learner's code ran
FORGED_RUN_CHECKS = (
    "import tutor.worker.run_job as rj\n"
    "from tutor.protocol.result import CheckOutcome as O, CheckStatus as S\n"
    "def forged(checks, *a, **k):\n"
    "    return [O(id=c.id, name=c.name, status=S.PASSED) for c in checks], None\n"
    "rj.run_checks = forged\n" + WRONG
)
# the learner's function (called by a check) replaces builtins the check and the report use
BUILTINS_IN_FUNCTION = (
    "import builtins\n"
    "def update_counter(count, increment):\n"
    "    builtins.isinstance = lambda *a: True\n"
    "    return count + 1, increment\n"
)

# name: (code, expected status, time limit, memory cap in MB)
FAULTS = {
    "endless_python_loop": ("while True:\n    pass\n", Status.TIMEOUT, LIMIT, 3072),
    "endless_jitted_while_loop": (
        "x = jax.jit(lambda x0: jax.lax.while_loop(lambda c: c < jnp.inf, lambda c: c + 1.0, x0))"
        "(jnp.float32(0))\n"
        "x.block_until_ready()\n",
        Status.TIMEOUT,
        LIMIT,
        3072,
    ),
    "endless_loop_inside_a_check": (
        "def update_counter(count, increment):\n    while True:\n        pass\n",
        Status.TIMEOUT,
        LIMIT,
        3072,
    ),
    "memory_growing_past_the_cap": (
        "import numpy as np\nhog = []\nwhile True:\n    hog.append(np.ones(5_000_000))\n",
        Status.MEMORY,
        LONG,
        400,
    ),
    "memory_reserved_past_the_cap": (
        "import numpy as np\nhog = []\nwhile True:\n    hog.append(np.empty(50_000_000))\n",
        Status.MEMORY,
        LONG,
        400,
    ),
    "endless_generator_inside_a_check": (
        "import itertools\ndef update_counter(count, increment):\n    return "
        "list(itertools.count())\n",
        Status.MEMORY,
        LONG,
        300,
    ),
    "segfault": ("import ctypes\nctypes.string_at(0)\n", Status.CRASHED, LIMIT, 3072),
    "os_exit": ("import os\nos._exit(3)\n", Status.EXITED_EARLY, LIMIT, 3072),
    "sys_exit": ("import sys\nsys.exit(0)\n", Status.EXITED_EARLY, LIMIT, 3072),
    "keyboard_interrupt": ("raise KeyboardInterrupt\n", Status.ERROR, LIMIT, 3072),
    "keyboard_interrupt_inside_a_check": (
        "def update_counter(count, increment):\n    raise KeyboardInterrupt\n",
        Status.ERROR,
        LIMIT,
        3072,
    ),
    "flood_of_output": (
        "import sys\nchunk = 'x' * 999 + '\\n'\nfor _ in range(100_000):\n    "
        "sys.stdout.write(chunk)\n" + GOOD,
        Status.PASSED,
        LIMIT,
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
        ESCAPEE + DOUBLE_FORK + GOOD,
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
    "closed_every_fd": ("import os\nos.closerange(0, 4096)\n" + GOOD, Status.PASSED, LIMIT, 3072),
    "patched_builtins": (
        "import builtins\nbuiltins.isinstance = builtins.len = builtins.open = None\n" + GOOD,
        Status.PASSED,
        LIMIT,
        3072,
    ),
    "malformed_message_then_a_loop": (MALFORMED, Status.CRASHED, LIMIT, 3072),
    "forged_passing_result": (FORGED, Status.CRASHED, LIMIT, 3072),
    "patched_checklib": (PATCHED_CHECKLIB, Status.FAILED, LIMIT, 3072),
    "forged_run_checks": (FORGED_RUN_CHECKS, Status.FAILED, LIMIT, 3072),
    "builtins_replaced_inside_the_function": (BUILTINS_IN_FUNCTION, Status.ERROR, LIMIT, 3072),
    "nul_byte": ("x = 1\ny = 2 \0\n" + GOOD, Status.ERROR, LIMIT, 3072),
}


@pytest.fixture(scope="module")
def fault_runner():
    r = Runner(keep_warm=True)
    r.warm(CTX)
    yield r
    r.close()


def _gone(pid: int) -> bool:
    return not processes.alive(processes.process(pid))


def _wait_gone(pids, within: float = 5.0) -> list[int]:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and not all(_gone(p) for p in pids):
        time.sleep(0.05)
    return [p for p in pids if not _gone(p)]


def _assert_nothing_left(run, extra_pids=()):
    assert run.wait_settled(10)
    w = run.worker
    pids = [w.proc.pid] + ([w.ready_info.pid] if w.ready_info else []) + list(extra_pids)
    assert _wait_gone(pids, 2.0) == []
    assert processes.pids_with_token(w.token) == []
    assert not os.path.exists(w.workdir)


@pytest.mark.parametrize("name", list(FAULTS))
def test_fault_ends_with_status_and_leaves_nothing(fault_runner, tmp_path, name):
    code, expected, limit, memory_mb = FAULTS[name]
    pid_file = tmp_path / "pids.txt"
    path = tmp_path / "answer.py"
    path.write_text(code.replace("{pids!r}", repr(str(pid_file))))
    started = []
    run = fault_runner.start(
        _job(path, limit, memory_mb),
        on_event=lambda e: isinstance(e, Started) and started.append(time.monotonic()),
    )
    result = run.wait(limit + 90)
    finished = time.monotonic()
    assert result is not None
    assert result.status == expected, (
        result.status,
        result.message,
        result.stderr[-800:],
        result.error and result.error.traceback,
    )
    # the limit counts from the moment the worker starts the job (a cold worker first imports jax)
    assert started and finished - started[0] <= limit + 2, finished - started[0]
    children = [int(x) for x in pid_file.read_text().split()] if pid_file.exists() else []
    _assert_nothing_left(run, children)
    if expected in (Status.TIMEOUT, Status.MEMORY, Status.CRASHED, Status.EXITED_EARLY):
        assert result.message
    if name == "flood_of_output":
        assert result.output_truncated and len(result.stdout) < 200_000
        assert "省略" in result.stdout or "omitted" in result.stdout
    if name == "escapee_with_empty_env_and_new_session":
        assert len(children) == 2
        assert t("run.escaped", n=2) in result.message
    if name == "malformed_message_then_a_loop":
        assert finished - started[0] < limit  # ended by the bad message, not by the limit
        assert "check_done" in result.message
    if name == "keyboard_interrupt_inside_a_check":
        assert result.error.type == "KeyboardInterrupt" and result.error.line == 2
    if name == "endless_loop_inside_a_check":  # where the code was when the time ran out
        assert result.error.line in (2, 3) and "update_counter" in result.error.traceback
        assert "tutor/" not in result.error.traceback and "checks/" not in result.error.traceback
        assert str(LIMIT).rstrip("0").rstrip(".") in result.message
    if name == "segfault":  # the reaper dies of the worker's own signal
        assert "SIGSEGV" in result.message
    if name == "endless_python_loop":
        assert result.error.line in (1, 2)
    if name == "builtins_replaced_inside_the_function":  # the learner's error, not the course's
        assert result.error is not None and "isinstance" in result.error.message
        assert not any("课程的问题" in (c.message or "") for c in result.checks)
    if name == "nul_byte":
        assert result.error.type == "SyntaxError" and result.error.line == 2, result.error
        assert "tutor/" not in result.error.traceback and "y = 2" in result.error.traceback


def test_a_forked_child_that_carries_on_ends_the_run(fault_runner):
    """The worker proper exits and its forked child carries on: the child's verdict ends the run,
    not the limit. (The child runs no JAX: a process forked from a multithreaded JAX process may
    hang in its first computation, which would make the verdict a matter of luck.)"""
    code = "import os\nif os.fork():\n    os._exit(0)\nprint('the child carried on')\n"
    started = []
    run = fault_runner.start(
        snippet_job(code, label="fork", time_limit=LONG, context=CTX),
        on_event=lambda e: isinstance(e, Started) and started.append(time.monotonic()),
    )
    result = run.wait(LONG + 90)
    assert result is not None and result.status == Status.PASSED, (result.status, result.message)
    assert "the child carried on" in result.stdout
    assert started and time.monotonic() - started[0] < LONG / 2  # not ended by the limit
    _assert_nothing_left(run)


def test_every_expected_check_must_report_passing(fault_runner, tmp_path):
    """A pass with the checks the content declares: the run's checks are the module's own."""
    path = tmp_path / "answer.py"
    path.write_text(GOOD)
    events = []
    result = fault_runner.run(_job(path), on_event=events.append)
    assert result.status == Status.PASSED
    assert [c.id for c in result.checks] == check_ids(CHECK)
    assert all(c.status is CheckStatus.PASSED for c in result.checks)
    kinds = [type(e) for e in events]
    assert kinds[0] is Started and kinds.count(CheckStarted) == kinds.count(CheckDone) == len(
        result.checks
    )


def test_overwriting_the_check_module_does_not_change_this_run(fault_runner, tmp_path):
    check_copy = tmp_path / "ex_6_1.py"
    check_copy.write_text(CHECK.read_text(encoding="utf-8"), encoding="utf-8")
    for helper in CHECK.parent.glob("_*.py"):  # the chapter helpers it imports
        (tmp_path / helper.name).write_text(helper.read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "answer.py"
    path.write_text(f"open({str(check_copy)!r}, 'w').write('checks = []\\n')\n" + WRONG)
    result = fault_runner.run(_job(path, check_module=check_copy))
    assert result.status == Status.FAILED, (result.status, result.message)


def test_cancel_ends_everything_quickly(fault_runner, tmp_path):
    pid_file = tmp_path / "pids.txt"
    path = tmp_path / "answer.py"
    path.write_text(ESCAPEE.replace("{pids!r}", repr(str(pid_file))) + "while True:\n    pass\n")
    run = fault_runner.start(_job(path))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not pid_file.exists():
        time.sleep(0.05)  # wait until the child exists, so that the cancel has something to chase
    t0 = time.monotonic()
    run.cancel()
    result = run.wait(5)
    took = time.monotonic() - t0
    assert result.status == Status.CANCELLED
    assert took < 0.2 + 0.3, took  # 0.2 s target; slack for a loaded 2-core CI machine
    _assert_nothing_left(run, [int(x) for x in pid_file.read_text().split()])


def test_output_streams_live(fault_runner, tmp_path):
    path = tmp_path / "answer.py"
    path.write_text(
        "import time\nprint('first', flush=True)\ntime.sleep(1.0)\nprint('second')\n" + GOOD
    )
    seen = []
    run = fault_runner.start(
        _job(path), on_output=lambda stream, text: seen.append((time.monotonic(), text))
    )
    result = run.wait(30)
    done = time.monotonic()
    assert result.status == Status.PASSED
    first = [t for t, text in seen if "first" in text]
    assert first and done - first[0] >= 0.9  # 'first' arrived while the job was still running


def test_traceback_is_trimmed_to_the_learners_file(fault_runner, tmp_path):
    path = tmp_path / "answer.py"
    path.write_text(
        textwrap.dedent("""\
        def helper(c):
            return int(c) + 1

        def update_counter(count, increment):
            return helper(count), increment
        """)
    )
    result = fault_runner.run(_job(path))
    assert result.status == Status.ERROR
    assert result.error.line == 2
    assert str(path) in result.error.traceback
    assert "jax/_src" not in result.error.traceback
    assert result.error.hint  # a tracer-conversion error comes with an explanation


def test_syntax_error_shows_the_line_and_nothing_of_the_tutor(fault_runner, tmp_path):
    path = tmp_path / "answer.py"
    path.write_text("def update_counter(count, increment)\n    return count + 1, increment\n")
    result = fault_runner.run(_job(path))
    assert result.status == Status.ERROR
    assert result.error.type == "SyntaxError" and result.error.line == 1
    tb = result.error.traceback
    assert "def update_counter(count, increment)" in tb and "^" in tb
    assert "tutor/" not in tb and "exec(compile(" not in tb and "jax" not in tb.lower()


def test_the_job_language_is_the_tutors_language(fault_runner, tmp_path):
    """--lang en reaches the worker: skip notes and run messages are English, whatever the
    environment says."""
    path = tmp_path / "answer.py"
    path.write_text(WRONG)
    result = fault_runner.run(_job(path, lang="en"))
    skipped = [c for c in result.checks if c.status is CheckStatus.SKIPPED]
    assert skipped and all(c.message.startswith("skipped") for c in skipped)
    stub = tmp_path / "stub.py"
    stub.write_text("def update_counter(count, increment):\n    raise NotImplementedError\n")
    result = fault_runner.run(_job(stub, lang="en"))
    assert result.status == Status.NOT_ATTEMPTED and result.message.isascii()


def test_a_slow_worker_start_says_so(monkeypatch, tmp_path):
    monkeypatch.setattr(run_mod, "STARTUP_LIMIT_S", 0.3)
    path = tmp_path / "answer.py"
    path.write_text(GOOD)
    r = Runner(keep_warm=False)
    try:
        run = r.start(_job(path, limit=7.5))  # a cold worker needs longer than 0.3 s to import jax
        result = run.wait(30)
    finally:
        r.close()
    assert result.status == Status.TIMEOUT
    assert result.message == t("run.start_timeout", limit=0.3) and "7.5" not in result.message
    _assert_nothing_left(run)


def test_a_failure_of_the_supervisor_still_ends_the_run(monkeypatch, tmp_path):
    def broken(handle):
        raise RuntimeError("supervisor bug")

    monkeypatch.setattr(processes, "rss", broken)  # the memory watch fails once the job runs
    path = tmp_path / "answer.py"
    path.write_text("while True:\n    pass\n")
    r = Runner(keep_warm=True)
    try:
        run = r.start(_job(path))
        result = run.wait(30)
        assert result.status == Status.CRASHED and "supervisor bug" in result.message
        _assert_nothing_left(run)
        assert r.spare is not None and r.spare.alive()  # the next run has a worker
    finally:
        r.close()


def test_an_unsupervisable_platform_gets_a_message(monkeypatch, tmp_path):
    monkeypatch.setattr(processes, "unsupported_reason", lambda: "plan9")
    r = Runner()
    result = r.start(_job(tmp_path / "answer.py")).wait(1)
    assert result.status == Status.CRASHED and "plan9" in result.message
    r.close()


PARENT = """
import signal, sys, time
# as a shell gives it (a suite run under nohup ignores it)
signal.signal(signal.SIGHUP, signal.SIG_DFL)
from tutor.protocol.events import Job
from tutor.running.runner import Runner
r = Runner(keep_warm=False)
job = Job(kind="exercise", exercise="6.1", time_limit=300, file=sys.argv[1],
          interface=["update_counter"], check_module=sys.argv[2], check_ids=["x"], context=None)
run = r.start(job)
w = run.worker
while w.ready_info is None:
    time.sleep(0.05)
print(w.proc.pid, w.ready_info.pid, w.workdir, w.token, flush=True)
time.sleep(600)
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
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, str(path), str(CHECK)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    reaper, worker, workdir, token = parent.stdout.readline().split()
    deadline = time.monotonic() + 60
    while (
        time.monotonic() < deadline
        and len(pid_file.read_text().split() if pid_file.exists() else []) < 2
    ):
        time.sleep(0.05)
    children = [int(x) for x in pid_file.read_text().split()]
    assert len(children) == 2 and not any(_gone(p) for p in children)
    parent.send_signal(how)
    parent.wait()
    assert _wait_gone([int(reaper), int(worker), *children], 5.0) == []
    assert processes.pids_with_token(token) == []
    deadline = time.monotonic() + 5
    while os.path.exists(workdir) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not os.path.exists(workdir)


def test_clean_run_has_no_runner_noise(fault_runner, tmp_path):
    """Nothing of the runner's own (cache warnings, compile logs) reaches the learner's output,
    on the first run (cache being written) nor on the next (cache being read)."""
    path = tmp_path / "answer.py"
    path.write_text(GOOD + "print('only this')\n")
    for _ in range(2):
        result = fault_runner.run(_job(path))
        assert result.status == Status.PASSED
        assert result.stdout == "only this\n"
        assert result.stderr == ""


def test_spare_survives_the_thread_that_asked_for_it(tmp_path):
    """A worker warmed from a short-lived thread (as the app's thread workers do) must not die
    when that thread ends."""
    import threading

    path = tmp_path / "answer.py"
    path.write_text(GOOD)
    r = Runner(keep_warm=True)

    def run_once():
        run = r.start(_job(path))
        holder.update(result=run.wait(60), settled=run.wait_settled(60))

    try:
        for body in (lambda: r.warm(CTX), run_once):
            holder = {}
            th = threading.Thread(target=body)
            th.start()
            th.join()
            time.sleep(0.3)
            deadline = time.monotonic() + 60
            while r.spare.ready_info is None and time.monotonic() < deadline:
                time.sleep(0.05)
            assert r.spare.alive() and r.spare.ready_info is not None
        assert holder["result"].status == Status.PASSED and holder["settled"]
    finally:
        r.close()


def _warm_runner(warm_beside_after: float) -> Runner:
    r = Runner(keep_warm=True, warm_beside_after=warm_beside_after)
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
        run = r.start(_job(path, limit=LONG))
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
        run = r.start(_job(path, limit=LONG))
        deadline = time.monotonic() + 60
        while r.spare is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert r.spare is not None and run.wait(0) is None  # warming while the job still runs
        flag.write_text("")
        assert run.wait(60).status == Status.PASSED
    finally:
        r.close()


def test_broken_check_module_is_reported_as_a_content_error(fault_runner, tmp_path):
    answer = tmp_path / "answer.py"
    answer.write_text(GOOD)
    broken = tmp_path / "ex_broken.py"
    broken.write_text("from tutor.worker.checklib import Checks\nchecks = Checks(\n")
    result = fault_runner.run(_job(answer, check_module=broken))
    assert result.status == Status.ERROR
    assert result.error.type == "SyntaxError" and "课程内容" in result.error.hint
