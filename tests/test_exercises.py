"""Design §7: every reference solution passes in the real runner, every starter is
not_attempted, and every wrong-solution fixture fails on the check meant to catch it."""

import pytest
from helpers import VERDICT_TIME_LIMIT

from tutor.authoring.devcheck import judge, judge_fixture
from tutor.authoring.expectations import parse_header
from tutor.course.loader import load_course
from tutor.protocol.result import Status
from tutor.running.runner import exercise_job

COURSE = load_course()
EXERCISES = list(COURSE.exercises.values())
FIXTURES = [(ex, path) for ex in EXERCISES for path in ex.wrong_solutions()]


def _run(runner, ex, path):
    ctx = COURSE.chapter_of(ex.id).context_path
    return runner.run(exercise_job(ex, path, ctx, time_limit=VERDICT_TIME_LIMIT))


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


def _context_defines(ex) -> set[str]:
    import ast

    tree = ast.parse(COURSE.chapter_of(ex.id).context_path.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names & set(ex.names)


SHADOWED = [(ex, name) for ex in EXERCISES for name in sorted(_context_defines(ex))]


@pytest.mark.parametrize("ex,name", SHADOWED, ids=[f"{ex.id}-{n}" for ex, n in SHADOWED])
def test_an_interface_name_the_context_also_defines_must_be_written_by_the_learner(
    runner, tmp_path, ex, name
):
    import ast

    tree = ast.parse(ex.solution)
    tree.body = [
        node
        for node in tree.body
        if not (isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name)
        and not (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)
        )
    ]
    path = tmp_path / "without.py"
    path.write_text(ast.unparse(tree), encoding="utf-8")
    res = _run(runner, ex, path)
    # not attempted, or the learner's own later line fails without it: never a pass on the context's copy
    assert (res.status == Status.NOT_ATTEMPTED and name in res.missing) or (
        res.status == Status.ERROR and name in res.error.message
    ), _describe(res)


def test_a_draft_saved_with_a_byte_order_mark_is_checked_like_any_other(runner, tmp_path):
    ex = COURSE.exercise("6.1")
    path = tmp_path / "bom.py"
    path.write_bytes(b"\xef\xbb\xbf" + ex.solution_path.read_bytes())
    assert _run(runner, ex, path).status == Status.PASSED
    path.write_bytes(ex.solution.encode("gbk", errors="replace") + "\n# 中文注释\n".encode("gbk"))
    res = _run(runner, ex, path)
    assert res.status == Status.ERROR and "UTF-8" in res.error.message, _describe(res)
