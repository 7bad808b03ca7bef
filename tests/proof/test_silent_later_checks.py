"""A later check stays silent about a cause an earlier failed check explains: part of the course
proof. In the 7.7 project the learning rate is read from how the optimizer decays w, so a wrong
chain (L2 + Adam, named by `optimizer`) leaves `schedule` skipped, covered by `optimizer`, instead
of blaming the schedule; a ce_loss that sums the batch (named by `ce_loss`) leaves
`epoch_outputs` skipped, covered by `ce_loss`, instead of saying when the losses were taken."""

import pytest
from helpers import ROOT, VERDICT_TIME_LIMIT, answer_input

from tutor.authoring.course_proof import prove
from tutor.course.loader import load_course
from tutor.protocol.result import CheckStatus, Status

pytestmark = pytest.mark.proof  # the course gate (`make proof`)

COURSE = load_course()
WRONG = ROOT / "lessons" / "ch7" / "exercises" / "7.7" / "wrong"


def _ran(res):
    """Any result: the test reads its checks."""
    return True, "read by the test"


CASES = [  # (fixture, the check that names the cause, the later check that stays silent)
    ("l2_adam.py", "optimizer", "schedule"),
    ("summed_loss.py", "ce_loss", "epoch_outputs"),
]


@pytest.mark.parametrize("fixture, cause, later", CASES, ids=[c[0] for c in CASES])
def test_a_later_check_leaves_the_cause_to_the_check_that_names_it(
    runner, batch_worker, fixture, cause, later
):
    ex = COURSE.exercises["7.7"]
    answer = answer_input(COURSE, ex, WRONG / fixture, _ran, VERDICT_TIME_LIMIT)
    (proof,) = prove([answer], runner, batch_worker)
    res = proof.result
    by_id = {c.id: c for c in res.checks}
    assert res.status is Status.FAILED
    assert by_id[cause].status is CheckStatus.FAILED
    silent = by_id[later]
    assert silent.status is CheckStatus.SKIPPED, silent
    assert silent.covered_by == cause and silent.reason
