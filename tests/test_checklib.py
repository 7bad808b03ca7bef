"""The check library: structured expectations, needs/skip semantics, compile counting."""

import numpy as np
import pytest

from tutor.protocol import details as D
from tutor.protocol.result import CheckStatus
from tutor.worker.checklib import (
    CheckFailed,
    Checks,
    CompileLog,
    Learner,
    TraceCounter,
    assert_close,
    assert_compile_count,
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
    assert e.detail.actual == 3 and e.detail.function == "scaled_step"


# ---------------------------------------------------------------- structure first


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


def test_module_state_sees_rebinding_mutation_tracers_and_vanished_names():
    import jax
    import jax.numpy as jnp

    from tutor.worker.checklib import ModuleState

    ns = {"__name__": "__main__", "calls": 0, "seen": [], "scale": np.ones(3), "gone": 1}

    def tally(x):
        ns["calls"] = ns["calls"] + 1  # `global calls; calls = calls + 1` in a jitted function
        return x

    before = ModuleState(ns)
    assert not before.changes()
    jax.make_jaxpr(lambda x: tally(x) * 2)(jnp.ones(3))
    assert before.changes().changed == ["calls"]  # an int became an int: same type, new value
    ns["calls"] = 0
    before = ModuleState(ns)
    jax.make_jaxpr(lambda x: (ns.__setitem__("calls", x), x)[1])(jnp.ones(3))
    change = before.changes()
    assert change.changed == ["calls"] and change.tracers == ["calls"]
    ns["calls"] = 0
    before = ModuleState(ns)
    ns["seen"].append(1.0)
    ns["scale"][0] = 2.0  # in place: same object, new values
    del ns["gone"]
    ns["fresh"] = 3
    change = before.changes()
    assert change.changed == ["scale", "seen"]
    assert (change.new, change.vanished) == (["fresh"], ["gone"])
    assert "calls" not in change.names and "tracer" not in change.words()


def test_module_state_looks_into_closures_objects_and_nan_values():
    from tutor.worker.checklib import ModuleState

    def make():
        n = 0

        def bump():
            nonlocal n
            n += 1
            return n

        return bump

    class Box:
        pass

    box = Box()
    box.value = float("nan")
    ns = {"__name__": "__main__", "bump": make(), "box": box, "nan": float("nan")}
    before = ModuleState(ns)
    assert not before.changes()  # NaN equals itself in the picture
    ns["bump"]()
    box.value = 1.0
    assert before.changes().changed == ["box", "bump"]


def test_trace_counter_counts_traces_when_the_learner_disabled_jit():
    import jax
    import jax.numpy as jnp

    def step(x):
        return x + 1

    counter = TraceCounter(step)
    jax.config.update("jax_disable_jit", True)
    try:
        f = counter.jit()
        for _ in range(5):
            f(jnp.float32(1.0))
        assert jax.config.jax_disable_jit is True
    finally:
        jax.config.update("jax_disable_jit", False)
    assert counter.count == 1


# ---------------------------------------------------------------- programs and compiles


def test_compile_log_ignores_the_learners_logging_and_disable_jit():
    import logging

    import jax
    import jax.numpy as jnp

    def doubled(x):
        return 2 * x

    logging.disable(logging.WARNING)
    jax.config.update("jax_disable_jit", True)
    try:
        f = jax.jit(doubled)
        with CompileLog() as log:
            f(jnp.ones(3))
            f(jnp.ones(4))
        assert log.count("doubled") == 2
        assert log.total >= 2
        assert jax.config.jax_disable_jit is True  # the learner's setting is restored after
    finally:
        logging.disable(logging.NOTSET)
        jax.config.update("jax_disable_jit", False)
    e = failure(assert_compile_count, log, None, at_most=1, msg="too many")
    assert e.detail.function is None and e.detail.actual == log.total
    with CompileLog() as empty:
        pass
    assert isinstance(
        failure(assert_compile_count, empty, "doubled", at_least=1, msg="none").detail, D.Compiles
    )


def test_primitive_sites_walk_into_sub_programs():
    import jax
    import jax.numpy as jnp

    from tutor.worker.checklib import primitive_counts, primitive_sites

    def body(c, x):
        return c + jnp.sin(x), c

    def scanned(xs):
        return jax.lax.scan(jax.checkpoint(body), 0.0, xs)[0]

    counts = primitive_counts(scanned, jnp.ones(4))
    assert counts["scan"] == 1 and counts["sin"] == 1
    sites = primitive_sites(scanned, jnp.ones(4))
    sin_site = next(enclosing for name, enclosing in sites if name == "sin")
    assert sin_site[0] == "scan" and sin_site[-1] in ("checkpoint", "remat", "remat2"), sin_site


def test_scalars_compare_like_arrays():
    assert_close(np.float32(2.0), 2.0, msg="m")
    assert_close(np.inf, np.inf, msg="m")
    assert isinstance(failure(assert_close, 3.0, 2.0, msg="m").detail, D.AllClose)
    assert isinstance(failure(assert_close, -np.inf, np.inf, msg="m").detail, D.AllClose)
