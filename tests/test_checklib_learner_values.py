"""The check library and the learner's values: structure is validated before use (as_tuple,
as_entry, as_array, as_scalar, function names), and an error is blamed on whoever caused it: the
check's own code, or a learner value that breaks it (a lying float, an odd array, a leaked
tracer)."""

import numpy as np
import pytest
from test_checklib import failure

from tutor.protocol import details as D
from tutor.protocol.result import CheckStatus
from tutor.worker.checklib import (
    Checks,
    Learner,
    run_checks,
)
from tutor.worker.tracebacks import hint_for


def test_as_tuple_accepts_tuples_lists_and_namedtuples_and_names_the_rest():
    from collections import namedtuple

    from tutor.worker.checklib import as_tuple

    Pair = namedtuple("Pair", "a b")
    assert as_tuple((1, 2), 2, "r") == (1, 2)
    assert as_tuple([1, 2], 2, "r") == (1, 2)
    assert as_tuple(Pair(1, 2), 2, "r") == (1, 2)
    for bad, word in [
        ((1, 2, 3), "tuple,3 个元素"),
        (None, "None"),
        (np.zeros(2), "float64 数组,形状 (2,)"),
        (1.5, "float"),
    ]:
        e = failure(as_tuple, bad, 2, "返回值")
        assert isinstance(e.detail, D.Structure) and word in e.detail.actual
        assert "返回值" in e.message


def test_as_entry_reads_a_key_and_names_the_missing_one_with_the_structure_wanted():
    from tutor.worker.checklib import as_entry

    tree = {"a": 1, "b": {"c": 2}}
    assert as_entry(as_entry(tree, "b", "输出", "输入"), "c", "输出", "输入") == 2
    assert as_entry([5, 6], 1, "列表", "输入") == 6
    for bad in ({"a": 1}, None, [1]):
        e = failure(as_entry, bad, "b", "freeze 的输出", "它收到的更新量")
        assert isinstance(e.detail, D.Structure)
        assert "'b'" in e.message and "它收到的更新量" in e.message and "freeze 的输出" in e.message


def test_as_array_and_as_scalar_validate_before_use():
    from tutor.worker.checklib import as_array, as_scalar

    assert as_array([1, 2], "x").shape == (2,)
    assert as_scalar(np.array([3.5]), "x") == 3.5
    assert as_scalar(2, "x") == 2.0
    assert isinstance(failure(as_array, None, "x").detail, D.Structure)
    assert isinstance(failure(as_array, "text", "x").detail, D.Structure)
    assert isinstance(failure(as_array, [[1, 2], [3]], "x").detail, D.Structure)  # ragged
    e = failure(as_array, np.zeros((1, 3)), "x", shape=(3,))
    assert isinstance(e.detail, D.ShapeMismatch) and e.detail.actual_shape == [1, 3]
    assert isinstance(failure(as_array, np.zeros(3), "x", ndim=2).detail, D.ShapeMismatch)
    assert isinstance(failure(as_scalar, np.zeros(2), "x").detail, D.Structure)


def test_fn_name_survives_partials_lambdas_jit_and_objects():
    import functools

    import jax

    from tutor.worker.checklib import fn_name

    def step(x, lr):
        return x - lr

    class Callable:
        def __call__(self, x):
            return x

    assert fn_name(step) == "step"
    assert fn_name(functools.partial(functools.partial(step, lr=0.1))) == "step"
    assert fn_name(jax.jit(step)) == "step"
    assert fn_name(lambda x: x) == "<lambda>"
    assert fn_name(Callable()) == "Callable"


def test_an_error_raised_by_the_check_itself_is_not_blamed_on_the_learner():
    checks = Checks()

    @checks.add("before_touching", "B")
    def _(L):
        np.zeros(2) + np.zeros(3)  # the check's own arrays: no learner value involved

    @checks.add("typo", "T")
    def _(L):
        L.answer()
        np.no_such_function()  # the check's code as written

    outcomes, error = run_checks(checks, Learner({"answer": lambda: 1.0}), {"/nowhere.py"})
    assert [o.detail.origin for o in outcomes] == ["check", "check"]
    assert error is None


class _LyingFloat:
    def __float__(self):
        raise ValueError("no number here")

    def __eq__(self, other):
        raise RuntimeError("no comparison either")


class _OddArray:
    def __array__(self, dtype=None, copy=None):
        return "not an array"


@pytest.mark.parametrize(
    "value",
    [
        "1.5",
        1 + 2j,
        (np.zeros(2), np.zeros(3)),
        _LyingFloat(),
        _OddArray(),
    ],
)
def test_a_learner_value_that_breaks_a_check_is_the_learners_error(value):
    checks = Checks()

    @checks.add("converts", "C")
    def _(L):
        out = L.answer()
        np.asarray(out) * 1.0
        float(out)

    outcomes, error = run_checks(checks, Learner({"answer": lambda: value}), {"/nowhere.py"})
    assert outcomes[0].status == CheckStatus.ERROR
    assert outcomes[0].detail.origin == "learner", outcomes[0].message
    assert "课程的问题" not in outcomes[0].message and error is not None


def test_a_leaked_tracer_is_the_learners_error_and_names_where_it_was_kept():
    import jax

    history = []

    def average(x):
        history.append(x)
        return sum(history) / len(history)

    checks = Checks()

    @checks.add("twice", "T")
    def _(L):
        f = jax.jit(L.average)
        f(1.0)
        f(np.ones(2))  # a new shape: a second trace reads the tracer the first one left

    ns = {"average": average, "history": history}
    outcomes, error = run_checks(checks, Learner(ns), {"/nowhere.py"})
    assert outcomes[0].detail.origin == "learner" and error is not None
    assert "UnexpectedTracerError" in outcomes[0].message
    assert "history[0]" in outcomes[0].message
    # where it was kept comes with what to do instead; the generic hint (about state) is not added
    generic = hint_for(error_of_leak(average))
    assert generic and generic not in outcomes[0].message and error.hint is None


def error_of_leak(fn):
    """The UnexpectedTracerError a second trace of `fn` raises when the first one left a tracer."""
    import jax

    f = jax.jit(fn)
    try:
        f(1.0)
        f(np.ones(3))
    except Exception as e:  # the error we want to look at
        return e
    raise AssertionError("no tracer leaked")
