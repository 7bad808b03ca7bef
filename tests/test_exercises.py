"""Design §7: every reference solution passes in the real runner, every starter is
not_attempted, and every wrong-solution fixture fails on the check meant to catch it."""

import pytest

from tutor.content import load_course
from tutor.devcheck import judge, judge_fixture
from tutor.expectations import parse_header
from tutor.result import Status
from tutor.runner import exercise_job

COURSE = load_course()
EXERCISES = list(COURSE.exercises.values())
FIXTURES = [(ex, path) for ex in EXERCISES for path in ex.wrong_solutions()]


def _run(runner, ex, path):
    ctx = COURSE.chapter_of(ex.id).context_path
    return runner.run(exercise_job(ex, path, ctx))


def _describe(res):
    lines = [f"status={res.status.value} message={res.message}"]
    for c in res.checks:
        lines.append(f"  {c.id}: {c.status.value} {c.message or ''}"[:400])
    if res.error:
        lines.append(res.error.traceback)
    lines.append(res.stderr[-1500:])
    return "\n".join(lines)


@pytest.mark.parametrize("ex", EXERCISES, ids=[e.id for e in EXERCISES])
def test_solution_passes(runner, ex):
    res = _run(runner, ex, ex.solution_path)
    assert res.status == Status.PASSED, _describe(res)
    assert res.checks and all(c.status.value == "passed" for c in res.checks)


MAIN = [e for e in EXERCISES if not e.is_repair]
REPAIRS = [e for e in EXERCISES if e.is_repair]


@pytest.mark.parametrize("ex", MAIN, ids=[e.id for e in MAIN])
def test_starter_is_not_attempted(runner, ex):
    res = _run(runner, ex, ex.starter_path)
    assert res.status == Status.NOT_ATTEMPTED, _describe(res)
    assert res.missing and set(res.missing) <= set(ex.names)


@pytest.mark.parametrize("ex", REPAIRS, ids=[e.id for e in REPAIRS])
def test_repair_starter_shows_its_symptom(runner, ex):
    res = _run(runner, ex, ex.starter_path)
    ok, why = judge(parse_header("# expect: " + ex.starter_expect), res)
    assert ok, why + "\n" + _describe(res)


@pytest.mark.parametrize("ex,path", FIXTURES, ids=[f"{ex.id}/{p.stem}" for ex, p in FIXTURES])
def test_wrong_solution_fails_on_its_check(runner, ex, path):
    res = _run(runner, ex, path)
    ok, why = judge_fixture(path, res)
    assert ok, why + "\n" + _describe(res)
    # a failing check must say why: a message naming the misconception
    for c in res.checks:
        if c.status.value in ("failed", "error"):
            assert c.message and len(c.message) > 10, c


def test_every_exercise_has_three_fixtures():
    for ex in EXERCISES:
        assert len(ex.wrong_solutions()) >= 3, ex.id
