"""What a run reports about the learner's code: the checks the content declares, each reported;
a check module the code overwrites is not the one that judges it; output streamed while the job
runs; tracebacks trimmed to the learner's file; the job's language; nothing of the runner's own
in the output; a broken check module reported as the course's fault."""

import textwrap
import time

from runnerhelp import CHECK, GOOD, LONG, WRONG, check_ids, job

from tutor.protocol.events import CheckDone, CheckStarted, Started
from tutor.protocol.result import CheckStatus, Status


def test_every_expected_check_must_report_passing(fault_runner, tmp_path):
    """A pass with the checks the content declares: the run's checks are the module's own."""
    path = tmp_path / "answer.py"
    path.write_text(GOOD)
    events = []
    result = fault_runner.run(job(path), on_event=events.append)
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
    result = fault_runner.run(job(path, check_module=check_copy))
    assert result.status == Status.FAILED, (result.status, result.message)


def test_output_streams_live(fault_runner, tmp_path):
    """What the learner's code prints reaches the listener while the job still runs: the job
    prints, then waits for a flag that the test creates only once the print arrived."""
    flag = tmp_path / "go"
    path = tmp_path / "answer.py"
    path.write_text(
        f"import os, time\nprint('first', flush=True)\nwhile not os.path.exists({str(flag)!r}):\n"
        "    time.sleep(0.01)\nprint('second')\n" + GOOD
    )
    seen = []
    run = fault_runner.start(job(path, limit=LONG), on_output=lambda _s, text: seen.append(text))
    deadline = time.monotonic() + 60
    while "first" not in "".join(seen) and run.wait(0) is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "first" in "".join(seen) and run.wait(0) is None  # printed, and the job runs on
    flag.write_text("")
    result = run.wait(60)
    assert result.status == Status.PASSED and "second" in result.stdout


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
    result = fault_runner.run(job(path))
    assert result.status == Status.ERROR
    assert result.error.line == 2
    assert str(path) in result.error.traceback
    assert "jax/_src" not in result.error.traceback
    assert result.error.hint  # a tracer-conversion error comes with an explanation


def test_syntax_error_shows_the_line_and_nothing_of_the_tutor(fault_runner, tmp_path):
    path = tmp_path / "answer.py"
    path.write_text("def update_counter(count, increment)\n    return count + 1, increment\n")
    result = fault_runner.run(job(path))
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
    result = fault_runner.run(job(path, lang="en"))
    skipped = [c for c in result.checks if c.status is CheckStatus.SKIPPED]
    assert skipped and all(c.message.startswith("skipped") for c in skipped)
    stub = tmp_path / "stub.py"
    stub.write_text("def update_counter(count, increment):\n    raise NotImplementedError\n")
    result = fault_runner.run(job(stub, lang="en"))
    assert result.status == Status.NOT_ATTEMPTED and result.message.isascii()


def test_clean_run_has_no_runner_noise(fault_runner, tmp_path):
    """Nothing of the runner's own (cache warnings, compile logs) reaches the learner's output,
    on the first run (cache being written) nor on the next (cache being read)."""
    path = tmp_path / "answer.py"
    path.write_text(GOOD + "print('only this')\n")
    for _ in range(2):
        result = fault_runner.run(job(path))
        assert result.status == Status.PASSED
        assert result.stdout == "only this\n"
        assert result.stderr == ""


def test_broken_check_module_is_reported_as_a_content_error(fault_runner, tmp_path):
    answer = tmp_path / "answer.py"
    answer.write_text(GOOD)
    broken = tmp_path / "ex_broken.py"
    broken.write_text("from tutor.worker.checklib import Checks\nchecks = Checks(\n")
    result = fault_runner.run(job(answer, check_module=broken))
    assert result.status == Status.ERROR
    assert result.error.type == "SyntaxError" and "课程内容" in result.error.hint
