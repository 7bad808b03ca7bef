"""Exercise runs on the fixture course (tests/fixtures/course): a batch worker gives the inputs of
an exercise the verdicts one-shot workers give them, and a draft is read like a learner's editor
writes it."""

import pytest
from helpers import ROOT, VERDICT_TIME_LIMIT

from tutor.protocol.result import Status
from tutor.running.batch import run_batch
from tutor.running.runner import exercise_job

COURSE = ROOT / "tests" / "fixtures" / "course"
GOLDEN_INPUTS = ROOT / "tests" / "golden" / "inputs"


@pytest.fixture
def exercise(monkeypatch):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(COURSE))
    from tutor.course.loader import load_course

    course = load_course(COURSE / "lessons", fresh=True)
    ex = course.exercise("6.1")
    return ex, course.chapter_of(ex.id).context_path


def _job(exercise, path):
    ex, context = exercise
    return exercise_job(ex, path, context, time_limit=VERDICT_TIME_LIMIT)


def _verdict(result):
    return result.status, [(c.id, c.status, c.message) for c in result.checks], result.missing


def test_a_batch_gives_the_verdicts_of_one_shot_workers(runner, exercise):
    ex, _ = exercise
    paths = [ex.solution_path, ex.starter_path, GOLDEN_INPUTS / "6.1-adds_increment.py"]
    batched = run_batch([_job(exercise, p) for p in paths])
    alone = [runner.run_sync(_job(exercise, p)) for p in paths]
    assert [r.status for r in batched] == [Status.PASSED, Status.NOT_ATTEMPTED, Status.FAILED]
    assert [_verdict(r) for r in batched] == [_verdict(r) for r in alone]
    assert batched[1].message == alone[1].message  # the runner's words for a missing name


def test_a_draft_saved_with_a_byte_order_mark_is_checked_like_any_other(runner, exercise, tmp_path):
    ex, _ = exercise
    path = tmp_path / "bom.py"
    path.write_bytes(b"\xef\xbb\xbf" + ex.solution_path.read_bytes())
    assert runner.run_sync(_job(exercise, path)).status == Status.PASSED
    path.write_bytes(ex.solution.encode("gbk", errors="replace") + "\n# 中文注释\n".encode("gbk"))
    res = runner.run_sync(_job(exercise, path))
    assert res.status == Status.ERROR and "UTF-8" in res.error.message
