"""A check with nothing to compare is skipped, never passed: `skip(reason, covered_by=ID)` in the
check library, the outcome's `reason` and `covered_by` in the result document, and the one rule
of acceptance (`result.unaccepted`) the parent's judge applies: a skipped check counts only when
the check that covers it passed."""

from __future__ import annotations

import pytest

from tutor.protocol.events import Job
from tutor.protocol.report import Report
from tutor.protocol.result import CheckOutcome, CheckStatus, Status, unaccepted
from tutor.running.judging import Facts, judge
from tutor.words.catalog import t
from tutor.worker.checklib import Checks, Learner, assert_that, run_checks, skip

NONCE = "cd" * 16


def _checks(cover_passes: bool, covered_by: str = "finite") -> Checks:
    checks = Checks()

    @checks.add("finite", "values are finite")
    def _(L):
        assert_that(cover_passes, "NaN in the values")

    @checks.add("zeros", "values are exactly 0")
    def _(L):
        skip("the values are NaN, nothing to compare", covered_by=covered_by)

    @checks.add("after", "needs the zeros", needs="zeros")
    def _(L):
        pass

    return checks


def test_a_check_that_skips_is_skipped_with_its_reason_and_the_check_that_covers_it():
    outcomes, error = run_checks(_checks(cover_passes=False), Learner({}), set())
    by_id = {o.id: o for o in outcomes}
    zeros = by_id["zeros"]
    assert error is None
    assert zeros.status is CheckStatus.SKIPPED
    assert zeros.reason == "the values are NaN, nothing to compare"
    assert zeros.covered_by == "finite"
    assert zeros.message == t(
        "check.skipped_covered", reason=zeros.reason, cover="values are finite"
    )
    back = CheckOutcome.from_dict(zeros.to_dict())  # the result document carries both fields
    assert (back.reason, back.covered_by, back.status) == (zeros.reason, "finite", zeros.status)
    # a check that needs a skipped one is skipped in turn, covered by it
    after = by_id["after"]
    assert (after.status, after.covered_by) == (CheckStatus.SKIPPED, "zeros")
    assert after.reason == t("check.needs_unmet", dep="values are exactly 0")
    assert unaccepted(outcomes) == ["finite", "zeros", "after"]


def test_a_skip_whose_cover_passed_counts_and_nothing_else_that_did_not_pass_does():
    outcomes, _ = run_checks(_checks(cover_passes=True), Learner({}), set())
    # "zeros" is judged by "finite", which passed; "after" needed "zeros" itself to pass
    assert unaccepted(outcomes) == ["after"]
    skipped = CheckOutcome(id="s", name="s", status=CheckStatus.SKIPPED, covered_by="s")
    assert unaccepted([skipped]) == ["s"]  # never its own cover
    alone = CheckOutcome(id="s", name="s", status=CheckStatus.SKIPPED)
    assert unaccepted([alone]) == ["s"]  # no cover: never a pass


def test_a_skip_naming_no_check_of_the_module_is_the_course_s_fault():
    outcomes, error = run_checks(_checks(True, covered_by="nowhere"), Learner({}), set())
    zeros = outcomes[1]
    assert error is None and zeros.status is CheckStatus.ERROR
    assert zeros.detail.origin == "check"
    assert t("checklib.unknown_cover", cover="nowhere") in zeros.message


def _job(**kw) -> Job:
    d = dict(
        kind="exercise",
        exercise="6.1",
        time_limit=5.0,
        file="/tmp/a.py",
        interface=["f"],
        check_module="/tmp/ex.py",
        check_ids=["finite", "zeros"],
        nonce=NONCE,
    )
    return Job(**d | kw)


@pytest.mark.parametrize("cover", [CheckStatus.PASSED, CheckStatus.FAILED, None])
def test_the_parent_accepts_a_skipped_check_only_when_its_cover_passed(cover):
    checks = [
        CheckOutcome(id="finite", name="f", status=cover or CheckStatus.PASSED),
        CheckOutcome(
            id="zeros",
            name="z",
            status=CheckStatus.SKIPPED,
            reason="NaN",
            covered_by="finite" if cover else None,
        ),
    ]
    result = judge(Facts.of(_job(), report=Report(checks=checks)))  # the worker's facts
    if cover is CheckStatus.PASSED:
        assert result.status is Status.PASSED
    else:
        assert result.status is Status.FAILED
