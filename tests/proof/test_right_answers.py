"""Right answers other than the reference, part of the course proof: each file in
tests/right_answers/<exercise id>/ is an answer the statement allows, written another way (a
technique a lesson teaches, a debugging setting left on). Every one must pass in the real runner:
a check that requires a detail the statement does not state fails here."""

import pytest
from helpers import ROOT, VERDICT_TIME_LIMIT, answer_input

from tutor.authoring.course_proof import passes, prove
from tutor.course.loader import load_course

pytestmark = pytest.mark.proof  # the course gate (`make proof`)

COURSE = load_course()
ANSWERS = sorted((ROOT / "tests" / "right_answers").glob("*/*.py"))


def test_every_right_answer_names_an_exercise():
    assert ANSWERS
    assert all(p.parent.name in COURSE.exercises for p in ANSWERS)


@pytest.mark.parametrize("path", ANSWERS, ids=[f"{p.parent.name}/{p.stem}" for p in ANSWERS])
def test_a_right_answer_passes(runner, batch_worker, path):
    ex = COURSE.exercises[path.parent.name]
    answer = answer_input(COURSE, ex, path, passes, time_limit=VERDICT_TIME_LIMIT)
    (proof,) = prove([answer], runner, batch_worker)
    res = proof.result
    failing = [f"{c.id}: {c.status.value} {c.message or ''}"[:400] for c in res.failing_checks]
    assert proof.ok, "\n".join([proof.why, *failing])
