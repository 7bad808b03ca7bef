"""The check library: structured expectations (close, equal, that, known mistakes), the details
they carry through JSON, needs/skip semantics. (Learner values and whose error it is:
test_checklib_learner_values.py; programs, compiles and module state: test_checklib_programs.py.)"""

from typing import NamedTuple

import numpy as np
import pytest

from tutor.protocol import details as D
from tutor.protocol.result import CheckStatus
from tutor.words.catalog import t
from tutor.worker.checklib import (
    CheckFailed,
    Checks,
    Learner,
    assert_close,
    assert_equal,
    assert_that,
    run_checks,
)


def failure(fn, *args, **kw) -> CheckFailed:
    with pytest.raises(CheckFailed) as e:
        fn(*args, **kw)
    return e.value


def test_close_passes_within_tolerance():
    assert_close(np.array([1.0, 2.0]), np.array([1.0, 2.0 + 1e-7]), rtol=1e-5, msg="m")


def test_close_array_failure_carries_structure():
    e = failure(
        assert_close,
        np.array([[1.0, 2.0], [3.0, 4.0]]),
        np.array([[1.0, 2.5], [3.0, 4.0]]),
        rtol=1e-3,
        atol=1e-4,
        msg="wrong",
        what="grid",
    )
    d = e.detail
    assert e.message == "wrong"
    assert isinstance(d, D.AllClose) and d.what == "grid"
    assert d.mismatched == 1 and d.total == 4
    assert d.max_abs_err == pytest.approx(0.5)
    assert d.first_mismatches == [[[0, 1], 2.5, 2.0]]
    assert d.expected == [[1.0, 2.5], [3.0, 4.0]] and d.rtol == 1e-3 and d.atol == 1e-4
    assert D.Detail.from_dict(d.to_dict()) == d


def test_close_shape_and_dtype():
    e = failure(assert_close, np.zeros(3), np.zeros((3, 1)), msg="m")
    assert isinstance(e.detail, D.ShapeMismatch) and e.detail.expected_shape == [3, 1]
    e = failure(
        assert_close, np.zeros(3, np.int32), np.zeros(3, np.float32), msg="m", check_dtype=True
    )
    assert isinstance(e.detail, D.DtypeMismatch)


def test_close_compares_the_float_types_jax_adds_to_numpy():
    bf16 = pytest.importorskip("ml_dtypes").bfloat16
    assert_close(np.ones(3, bf16), np.ones(3, bf16), rtol=0, atol=0, msg="m", check_dtype=True)
    e = failure(assert_close, np.array([1.0, 3.0], bf16), np.ones(2, bf16), msg="m")
    assert isinstance(e.detail, D.AllClose) and e.detail.first_mismatches == [[[1], 1.0, 3.0]]
    e = failure(assert_close, np.ones(2, bf16), np.ones(2, np.float32), msg="m", check_dtype=True)
    assert isinstance(e.detail, D.DtypeMismatch) and e.detail.actual_dtype == "bfloat16"


def test_close_nan_is_a_mismatch_and_json_safe():
    e = failure(assert_close, np.array([np.nan, 1.0]), np.array([0.0, 1.0]), msg="m")
    assert e.detail.actual == ["nan", 1.0]
    assert e.detail.mismatched == 1


def test_close_pytree_reports_key_paths():
    expected = {"w": np.ones((2, 2)), "b": np.zeros(2)}
    actual = {"w": np.ones((2, 2)), "b": np.array([0.0, 0.3])}
    e = failure(assert_close, actual, expected, msg="m", atol=1e-6)
    d = e.detail
    assert isinstance(d, D.Tree)
    bad = [leaf for leaf in d.leaves if not leaf.ok]
    assert [leaf.path for leaf in bad] == ["['b']"]
    assert bad[0].first_mismatches == [[[1], 0.0, 0.3]]
    assert D.Detail.from_dict(d.to_dict()) == d


def test_close_pytree_structure_mismatch():
    e = failure(assert_close, {"w": np.ones(2)}, {"w": np.ones(2), "b": np.ones(1)}, msg="m")
    assert isinstance(e.detail, D.Structure)
    assert e.detail.expected_paths == ["['b']", "['w']"]


@pytest.mark.parametrize(
    ("actual", "expected", "first"),
    [
        ({"weight": 2.0, "bias": 1.0}, {"w": 2.0, "b": 1.0}, ("['b']", "['bias']")),
        ([1.0, 2.0], {"a": 1.0, "b": 2.0}, ("['a']", "[0]")),
        ({"w": {"x": 1.0}, "b": 2.0}, {"w": {"y": 1.0}, "b": 2.0}, ("['w']['y']", "['w']['x']")),
    ],
)
def test_close_pytree_with_other_keys_is_a_structure_mismatch_naming_the_first(
    actual, expected, first
):
    e = failure(assert_close, actual, expected, msg="m")
    assert isinstance(e.detail, D.Structure), e.detail
    assert (e.detail.expected, e.detail.actual) == tuple(
        t("checklib.leaf_at", path=p) for p in first
    )
    assert first[0] in e.message and first[1] in e.message  # the message names both paths


def test_close_pytree_accepts_the_same_tree_in_an_equivalent_container():
    class Pair(NamedTuple):
        a: float
        b: float

    for actual, expected in [
        (Pair(1.0, 2.0), (1.0, 2.0)),
        ((1.0, 2.0), Pair(1.0, 2.0)),
        ([1.0, 2.0], (1.0, 2.0)),
        ({"b": 2.0, "a": 1.0}, {"a": 1.0, "b": 2.0}),
        ([3.0], 3.0),
    ]:
        assert_close(actual, expected, msg="m")


def test_equal_and_that():
    assert isinstance(failure(assert_equal, [1, 2], [1, 3], msg="m").detail, D.Equal)
    assert failure(assert_that, False, "m", expected=1, actual=2).detail == D.Condition(
        values={"expected": 1, "actual": 2}
    )


def test_run_checks_order_needs_and_errors():
    checks = Checks()
    order = []

    @checks.add("a", "A")
    def _(L):
        order.append("a")
        assert_that(False, "a failed")

    @checks.add("b", "B")
    def _(L):
        order.append("b")
        L.boom()

    @checks.add("c", "C", needs="a")
    def _(L):
        order.append("c")

    @checks.add("d", "D")
    def _(L):
        order.append("d")

    def boom():
        raise ValueError("from learner")

    outcomes, error = run_checks(checks, Learner({"boom": boom}), {__file__})
    assert order == ["a", "b", "d"]  # a failure does not hide the others; c depends on a
    assert [o.status for o in outcomes] == [
        CheckStatus.FAILED,
        CheckStatus.ERROR,
        CheckStatus.SKIPPED,
        CheckStatus.PASSED,
    ]
    assert "A" in outcomes[2].message  # the skip names the check it waited for
    assert error.type == "ValueError"


def test_the_same_learner_error_again_is_said_once():
    checks = Checks()

    @checks.add("first", "First")
    def _(L):
        L.boom(1)

    @checks.add("again", "Again")
    def _(L):
        L.boom(1)  # the same error: its explanation is under "first"

    @checks.add("other", "Other")
    def _(L):
        L.boom(2)  # another message: an error of its own

    def boom(n):
        raise ValueError(f"from learner {n}")

    outcomes, error = run_checks(checks, Learner({"boom": boom}), {__file__})
    first, again, other = outcomes
    assert first.status == CheckStatus.ERROR and other.status == CheckStatus.ERROR
    assert again.status == CheckStatus.SKIPPED and again.covered_by == "first"
    assert "ValueError" in again.reason and "First" in again.message
    assert "from learner 1" in error.message


def test_needs_must_name_an_earlier_check():
    checks = Checks()
    with pytest.raises(ValueError):
        checks.add("x", "X", needs="later")


def test_a_known_mistake_is_named_only_when_the_value_matches_it():
    from tutor.worker.checklib import Mistake, which_mistake

    expected = np.array([1.0, 2.0])
    mistakes = [
        Mistake("swapped", np.array([2.0, 1.0]), "你把两个量交换了"),
        Mistake("doubled", 2 * expected, "结果多乘了 2"),
    ]
    e = failure(assert_close, np.array([2.0, 4.0]), expected, msg="数值不同", mistakes=mistakes)
    assert e.message == "结果多乘了 2" and e.detail.diagnosis == "doubled"
    e = failure(assert_close, np.array([5.0, 4.0]), expected, msg="数值不同", mistakes=mistakes)
    assert e.message == "数值不同" and e.detail.diagnosis is None
    assert which_mistake(np.array([2.0, 1.0]), mistakes, rtol=0, atol=1e-9).label == "swapped"
    assert which_mistake("not a number", mistakes, rtol=0, atol=1e-9) is None


def test_equal_infinities_match_and_a_type_mismatch_is_typed():
    assert_close(np.array([np.inf, 1.0]), np.array([np.inf, 1.0]), msg="m")
    assert isinstance(failure(assert_close, None, np.zeros(2), msg="m").detail, D.TypeMismatch)
    assert isinstance(
        failure(assert_close, np.array([-np.inf]), np.array([np.inf]), msg="m").detail, D.AllClose
    )


def test_every_detail_kind_round_trips_through_json():
    import json

    samples = [
        D.AllClose(
            expected=[1.0], actual=[2.0], rtol=0.0, atol=1e-6, first_mismatches=[[[0], 1.0, 2.0]]
        ),
        D.ShapeMismatch(expected_shape=[2], actual_shape=[3]),
        D.DtypeMismatch(expected_dtype="int32"),
        D.TypeMismatch(actual="None"),
        D.Tree(leaves=[D.Leaf(path="['w']", ok=False, problem="shape")]),
        D.Structure(expected="tuple of 2", actual="list of 3"),
        D.Equal(expected=1, actual=2),
        D.Condition(values={"n": 3}),
        D.Compiles(function=None, actual=4, at_most=1, names=["f", "f"]),
        D.LearnerError(line=3, traceback="tb", origin="check"),
    ]
    assert {type(s) for s in samples} == set(D.ALL_KINDS)
    for s in samples:
        assert D.Detail.from_dict(json.loads(json.dumps(s.to_dict()))) == s
    with pytest.raises(D.DetailError):
        D.Detail.from_dict({"kind": "no-such-kind"})
    with pytest.raises(D.DetailError):
        D.Detail.from_dict(["not", "a", "dict"])


def test_scalars_compare_like_arrays():
    assert_close(np.float32(2.0), 2.0, msg="m")
    assert_close(np.inf, np.inf, msg="m")
    assert isinstance(failure(assert_close, 3.0, 2.0, msg="m").detail, D.AllClose)
    assert isinstance(failure(assert_close, -np.inf, np.inf, msg="m").detail, D.AllClose)


def test_a_tracer_made_by_a_check_is_not_pointed_at_but_one_made_by_the_learner_is():
    from tutor.worker.tracebacks import learner_error

    note = "This VmapTracer with object id 140 was created on line:\n  {where}:32:15 (call)\n"
    head = "Abstract tracer value encountered where concrete value is expected\n"
    tail = "\nSee https://docs.jax.dev/en/latest/101/errors.html"
    ours = ValueError(head + note.format(where="/course/checks/_repair_ch6.py") + tail)
    info = learner_error(ours, {"/tmp/answer.py"})
    assert "object id" not in info.message and "_repair_ch6" not in info.traceback
    assert info.message.startswith(head) and info.message.endswith(tail)
    theirs = ValueError(head + note.format(where="/tmp/answer.py") + tail)
    info = learner_error(theirs, {"/tmp/answer.py"})
    assert "/tmp/answer.py:32:15" in info.message and "/tmp/answer.py:32:15" in info.traceback


def test_a_function_traced_by_a_check_is_not_named_but_one_of_the_learner_is():
    from tutor.worker.tracebacks import learner_error

    head = "Abstract tracer value encountered where concrete value is expected\n"
    where = "The error occurred while tracing the function {fn} at {path}:167 for jit. This value"
    ours = ValueError(head + where.format(fn="<lambda>", path="/course/checks/ex_a1_1_fix1.py"))
    info = learner_error(ours, {"/tmp/answer.py"})
    assert info.message == head + "The error occurred while tracing for jit. This value"
    theirs = ValueError(head + where.format(fn="make_keys", path="/tmp/answer.py"))
    info = learner_error(theirs, {"/tmp/answer.py"})
    assert "tracing the function make_keys at /tmp/answer.py:167 for jit" in info.message
