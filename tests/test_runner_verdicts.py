"""What the worker reports about the learner's code, judged: the checks the content declares, each
reported; a check module the code overwrites is not the one that judges it; tracebacks trimmed to
the learner's file; the job's language; the learner's KeyboardInterrupt, exit and NUL byte; a
broken check module reported as the course's fault; nothing of the runner's own in the output.

The worker's handling of the learner's code is the same in a one-shot worker and in the batch
worker (both call tutor.worker.run_job.run, tutor/worker/batch.py), so these cases share one batch
worker and are judged by the runner's judge; one run in a real one-shot worker proves the events
and the output as the runner sees them."""

import textwrap

from runnerhelp import CHECK, GOOD, LONG, WRONG, check_ids, job

from tutor.protocol.events import CheckDone, CheckStarted, Started
from tutor.protocol.result import CheckStatus, Status
from tutor.running.batch import run_batch

SOURCES = {
    "passing": GOOD,
    "overwrites_the_check_module": "open({copy!r}, 'w').write('checks = []\\n')\n" + WRONG,
    "error_in_a_helper": textwrap.dedent("""\
        def helper(c):
            return int(c) + 1

        def update_counter(count, increment):
            return helper(count), increment
        """),
    "syntax_error": "def update_counter(count, increment)\n    return count + 1, increment\n",
    "wrong_in_english": WRONG,
    "stub_in_english": "def update_counter(count, increment):\n    raise NotImplementedError\n",
    "broken_check_module": GOOD,
    "keyboard_interrupt": "raise KeyboardInterrupt\n",
    "keyboard_interrupt_inside_a_check": (
        "def update_counter(count, increment):\n    raise KeyboardInterrupt\n"
    ),
    "sys_exit": "import sys\nsys.exit(0)\n",
    "nul_byte": "x = 1\ny = 2 \0\n" + GOOD,
    "explained_error": "width = 3\nraise ValueError('the shapes do not fit')\n",
    "unexplained_error": "raise ValueError('the shapes do not fit')\n",
}

# A check module that computes the cause of an error the learner's file raised: the first
# explainer breaks (it computes nothing), the second reads the namespace the file left.
EXPLAINING = """\
from tutor.worker.checklib import Checks

checks = Checks()


@checks.explains
def _(L, exc):
    raise RuntimeError("an explainer that breaks computes nothing")


@checks.explains
def _(L, exc):
    return None if L.get("width") is None else f"width {L.width} and {type(exc).__name__}"


@checks.add("counts", "counts")
def _(L):
    pass
"""


def judged_in_one_batch(folder):
    """Every case's result and file, from one batch worker."""
    copy = folder / "ex_6_1.py"
    copy.write_text(CHECK.read_text(encoding="utf-8"), encoding="utf-8")
    for helper in CHECK.parent.glob("_*.py"):  # the chapter helpers the check module imports
        (folder / helper.name).write_text(helper.read_text(encoding="utf-8"), encoding="utf-8")
    broken = folder / "ex_broken.py"
    broken.write_text("from tutor.worker.checklib import Checks\nchecks = Checks(\n")
    explaining = folder / "ex_explaining.py"
    explaining.write_text(EXPLAINING)
    jobs, paths = [], {}
    for name, source in SOURCES.items():
        path = paths[name] = folder / f"{name}.py"
        path.write_text(source.replace("{copy!r}", repr(str(copy))))
        kw = {}
        if name == "overwrites_the_check_module":
            kw["check_module"] = copy
        if name == "broken_check_module":
            kw["check_module"] = broken
        if name.endswith("explained_error"):
            kw["check_module"] = explaining
        if name.endswith("_in_english"):
            kw["lang"] = "en"
        jobs.append(job(path, limit=LONG, **kw))  # the context runs inside the limit here
    results = run_batch(jobs)
    return dict(zip(SOURCES, results, strict=True)), paths


def case_every_expected_check_must_report_passing(judged):
    """A pass with the checks the content declares: the run's checks are the module's own."""
    result = judged[0]["passing"]
    assert result.status == Status.PASSED
    assert [c.id for c in result.checks] == check_ids(CHECK)
    assert all(c.status is CheckStatus.PASSED for c in result.checks)


def case_overwriting_the_check_module_does_not_change_this_run(judged):
    result = judged[0]["overwrites_the_check_module"]
    assert result.status == Status.FAILED, (result.status, result.message)


def case_traceback_is_trimmed_to_the_learners_file(judged):
    result, path = judged[0]["error_in_a_helper"], judged[1]["error_in_a_helper"]
    assert result.status == Status.ERROR
    assert result.error.line == 2
    assert str(path) in result.error.traceback
    assert "jax/_src" not in result.error.traceback
    assert result.error.hint  # a tracer-conversion error comes with an explanation


def case_syntax_error_shows_the_line_and_nothing_of_the_tutor(judged):
    result = judged[0]["syntax_error"]
    assert result.status == Status.ERROR
    assert result.error.type == "SyntaxError" and result.error.line == 1
    tb = result.error.traceback
    assert "def update_counter(count, increment)" in tb and "^" in tb
    assert "tutor/" not in tb and "exec(compile(" not in tb and "jax" not in tb.lower()


def case_the_job_language_is_the_tutors_language(judged):
    """--lang en reaches the worker: skip notes and run messages are English, whatever the
    environment says."""
    result = judged[0]["wrong_in_english"]
    skipped = [c for c in result.checks if c.status is CheckStatus.SKIPPED]
    assert skipped and all(c.message.startswith("skipped") for c in skipped)
    result = judged[0]["stub_in_english"]
    assert result.status == Status.NOT_ATTEMPTED and result.message.isascii()


def case_broken_check_module_is_reported_as_a_content_error(judged):
    result = judged[0]["broken_check_module"]
    assert result.status == Status.ERROR
    assert result.error.type == "SyntaxError" and "课程内容" in result.error.hint


def case_the_learners_keyboard_interrupt_is_the_learners_error(judged):
    assert judged[0]["keyboard_interrupt"].status == Status.ERROR
    result = judged[0]["keyboard_interrupt_inside_a_check"]
    assert result.status == Status.ERROR
    assert result.error.type == "KeyboardInterrupt" and result.error.line == 2


def case_an_exit_of_the_learners_code_is_an_early_exit(judged):
    result = judged[0]["sys_exit"]
    assert result.status == Status.EXITED_EARLY and result.message


def case_a_nul_byte_is_a_syntax_error_at_its_line(judged):
    result = judged[0]["nul_byte"]
    assert result.status == Status.ERROR
    assert result.error.type == "SyntaxError" and result.error.line == 2, result.error
    assert "tutor/" not in result.error.traceback and "y = 2" in result.error.traceback


def case_a_cause_the_check_module_computed_replaces_the_hint(judged):
    """An error of the learner's file: the hint is the cause a check module's `explains`
    function computed from the namespace; without one, the generic hint stays."""
    result = judged[0]["explained_error"]
    assert result.status == Status.ERROR and result.error.type == "ValueError"
    assert result.error.hint == "width 3 and ValueError", result.error
    result = judged[0]["unexplained_error"]
    assert result.status == Status.ERROR and "width" not in (result.error.hint or "")


CASES = [
    case_a_cause_the_check_module_computed_replaces_the_hint,
    case_every_expected_check_must_report_passing,
    case_overwriting_the_check_module_does_not_change_this_run,
    case_traceback_is_trimmed_to_the_learners_file,
    case_syntax_error_shows_the_line_and_nothing_of_the_tutor,
    case_the_job_language_is_the_tutors_language,
    case_broken_check_module_is_reported_as_a_content_error,
    case_the_learners_keyboard_interrupt_is_the_learners_error,
    case_an_exit_of_the_learners_code_is_an_early_exit,
    case_a_nul_byte_is_a_syntax_error_at_its_line,
]


def test_the_worker_handles_the_learners_code_as_the_judge_expects(tmp_path):
    """Each case above, on its result from the one batch worker; every failing case is named."""
    judged = judged_in_one_batch(tmp_path)
    failed = []
    for case in CASES:
        try:
            case(judged)
        except AssertionError as e:
            failed.append(f"{case.__name__}: {e}")
    assert failed == []


def test_a_one_shot_run_streams_its_events_and_has_no_runner_noise(fault_runner, tmp_path):
    """In the real one-shot worker: Started, then each declared check started and done; nothing
    of the runner's own (cache warnings, compile logs) in the learner's output, on the first run
    (cache being written) nor on the next (cache being read)."""
    path = tmp_path / "answer.py"
    path.write_text(GOOD + "print('only this')\n")
    for _ in range(2):
        events = []
        result = fault_runner.run_sync(job(path), on_event=events.append)
        assert result.status == Status.PASSED
        assert [c.id for c in result.checks] == check_ids(CHECK)
        kinds = [type(e) for e in events]
        assert kinds[0] is Started
        assert kinds.count(CheckStarted) == kinds.count(CheckDone) == len(result.checks)
        assert result.stdout == "only this\n"
        assert result.stderr == ""
