"""The check library: structured expectations, needs/skip semantics, compile counting."""

import numpy as np
import pytest

from tutor.checklib import (CheckFailed, Checks, CompileLog, Learner, TraceCounter, assert_close,
                            assert_compile_count, assert_equal, assert_raises, assert_that, run_checks)
from tutor.result import CheckStatus

def failure(fn, *args, **kw) -> CheckFailed:
    with pytest.raises(CheckFailed) as e:
        fn(*args, **kw)
    return e.value

def test_close_passes_within_tolerance():
    assert_close(np.array([1.0, 2.0]), np.array([1.0, 2.0 + 1e-7]), rtol=1e-5, msg="m")

def test_close_array_failure_carries_structure():
    e = failure(assert_close, np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([[1.0, 2.5], [3.0, 4.0]]),
                rtol=1e-3, atol=1e-4, msg="wrong", what="grid")
    d = e.detail
    assert e.message == "wrong"
    assert d["kind"] == "allclose" and d["what"] == "grid"
    assert d["mismatched"] == 1 and d["total"] == 4
    assert d["max_abs_err"] == pytest.approx(0.5)
    assert d["first_mismatches"] == [[[0, 1], 2.5, 2.0]]
    assert d["expected"] == [[1.0, 2.5], [3.0, 4.0]] and d["rtol"] == 1e-3 and d["atol"] == 1e-4

def test_close_shape_and_dtype():
    e = failure(assert_close, np.zeros(3), np.zeros((3, 1)), msg="m")
    assert e.detail["kind"] == "shape" and e.detail["expected_shape"] == [3, 1]
    e = failure(assert_close, np.zeros(3, np.int32), np.zeros(3, np.float32), msg="m", check_dtype=True)
    assert e.detail["kind"] == "dtype"

def test_close_nan_is_a_mismatch_and_json_safe():
    e = failure(assert_close, np.array([np.nan, 1.0]), np.array([0.0, 1.0]), msg="m")
    assert e.detail["actual"] == ["nan", 1.0]
    assert e.detail["mismatched"] == 1

def test_close_pytree_reports_key_paths():
    expected = {"w": np.ones((2, 2)), "b": np.zeros(2)}
    actual = {"w": np.ones((2, 2)), "b": np.array([0.0, 0.3])}
    e = failure(assert_close, actual, expected, msg="m", atol=1e-6)
    d = e.detail
    assert d["kind"] == "tree"
    bad = [l for l in d["leaves"] if not l["ok"]]
    assert [l["path"] for l in bad] == ["['b']"]
    assert bad[0]["first_mismatches"] == [[[1], 0.0, 0.3]]

def test_close_pytree_structure_mismatch():
    e = failure(assert_close, {"w": np.ones(2)}, {"w": np.ones(2), "b": np.ones(1)}, msg="m")
    assert e.detail["kind"] == "structure"
    assert e.detail["expected_paths"] == ["['b']", "['w']"]

def test_equal_raises_and_that():
    assert failure(assert_equal, [1, 2], [1, 3], msg="m").detail["kind"] == "equal"
    exc = assert_raises(ZeroDivisionError, lambda: 1 / 0, msg="m")
    assert isinstance(exc, ZeroDivisionError)
    assert failure(assert_raises, ValueError, lambda: None, msg="m").detail["kind"] == "raises"
    assert failure(assert_that, False, "m", expected=1, actual=2).detail == {"kind": "condition", "expected": 1, "actual": 2}

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
    assert order == ["a", "b", "d"]        # a failure does not hide the others; c depends on a
    assert [o.status for o in outcomes] == [CheckStatus.FAILED, CheckStatus.ERROR, CheckStatus.SKIPPED, CheckStatus.PASSED]
    assert "A" in outcomes[2].message      # the skip names the check it waited for
    assert error.type == "ValueError"

def test_needs_must_name_an_earlier_check():
    checks = Checks()
    with pytest.raises(ValueError):
        checks.add("x", "X", needs="later")

def test_trace_counter_and_compile_log_by_name():

    import jax
    import jax.numpy as jnp

    def scaled_step(x, lr):
        return x - lr * x

    counter = TraceCounter(scaled_step)
    dyn = jax.jit(counter.wrapped)
    static = jax.jit(scaled_step, static_argnums=1)
    with CompileLog() as log:
        for lr in (0.1, 0.2, 0.3):
            dyn(jnp.float32(1.0), lr)
    assert counter.count == 1
    assert_compile_count(log, "scaled_step", expected=1, msg="m")
    with CompileLog() as log:
        for lr in (0.1, 0.2, 0.3):
            static(jnp.float32(1.0), lr)
    e = failure(assert_compile_count, log, "scaled_step", expected=1, msg="recompiles")
    assert e.detail["actual"] == 3 and e.detail["function"] == "scaled_step"
