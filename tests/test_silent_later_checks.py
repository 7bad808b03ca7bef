"""A later check stays silent about a cause an earlier failed check explains, proved on the
fixture's own run in the course proof: the fixture names the later check on a `# expect.silent:`
line (tutor/course/expectations.py) and the proof's judge requires it skipped, covered by the
failed check, with its reason (tutor/authoring/course_proof.py). In the 7.7 project the learning
rate is read from how the optimizer decays w, so a wrong chain (L2 + Adam, named by `optimizer`)
leaves `schedule` skipped instead of blaming the schedule; a ce_loss that sums the batch (named by
`ce_loss`) leaves `epoch_outputs` skipped instead of saying when the losses were taken."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.authoring.course_proof import judge
from tutor.course.expectations import (
    ExpectationError,
    parse_expectation,
    parse_header,
    parse_silent,
)
from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status

WRONG = Path(__file__).resolve().parents[1] / "lessons" / "ch7" / "exercises" / "7.7" / "wrong"

CASES = [  # (fixture, the check that names the cause, the later check that stays silent)
    ("l2_adam.py", "optimizer", "schedule"),
    ("summed_loss.py", "ce_loss", "epoch_outputs"),
]


@pytest.mark.parametrize("fixture, cause, later", CASES, ids=[c[0] for c in CASES])
def test_the_fixture_names_the_later_check_the_proof_holds_silent(fixture, cause, later):
    exp = parse_expectation(WRONG / fixture)
    assert (exp.status, exp.check, exp.silent) == ("failed", cause, (later,))
    assert exp.in_lang("en").silent == (later,)  # the English run is held to it too


def _run(later: CheckOutcome) -> RunResult:
    cause = CheckOutcome(
        id="optimizer", name="optimizer", status=CheckStatus.FAILED, message="L2 + Adam: …"
    )
    return RunResult(exercise="7.7", status=Status.FAILED, checks=[cause, later])


def _later(status: CheckStatus, covered_by: str | None = None, reason: str | None = None):
    return CheckOutcome(
        id="schedule", name="schedule", status=status, covered_by=covered_by, reason=reason
    )


def test_the_judge_holds_a_later_check_silent():
    exp = parse_expectation(WRONG / "l2_adam.py")
    assert judge(exp, _run(_later(CheckStatus.SKIPPED, "optimizer", "the decay of w")))[0]
    for loud in (
        _later(CheckStatus.FAILED),  # it blames the schedule too
        _later(CheckStatus.PASSED),  # it says the schedule is right, without knowing
        _later(CheckStatus.SKIPPED, "setup", "the decay of w"),  # left to another check
        _later(CheckStatus.SKIPPED, "optimizer"),  # skipped without saying why
    ):
        ok, why = judge(exp, _run(loud))
        assert not ok and "schedule" in why, loud


@pytest.mark.parametrize(
    "header, line",
    [
        ('failed optimizer "L2 + Adam"', "# expect.silent:"),  # no check named
        ('failed optimizer "L2 + Adam"', "# expect.silent: optimizer"),  # the cause itself
        ("not_attempted", "# expect.silent: schedule"),  # nothing covers it
    ],
)
def test_a_silent_line_that_cannot_hold_is_refused(header, line):
    with pytest.raises(ExpectationError):
        parse_silent(line, parse_header(f"# expect: {header}"))
