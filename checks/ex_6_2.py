"""Exercise 6.2, a simple moving average.

The chapter's own assertions (its second exercise), all covered here:
- eager, data [2, 4, 6, 8, 10] from (0.0, 0): averages == [2.0, 3.0, 4.0, 5.0, 6.0] (exact);
  the states (2.0, 1), (6.0, 2), (12.0, 3), (20.0, 4), (30.0, 5)            -> check "eager"
- jit from Python scalars (0.0, 0): 2 traces and float(avg) == 6.0 -> check "weak_contrast"
- jit from the typed initial state: 1 trace and float(avg) == 6.0              -> check "trace_once"
A retrace is explained by what the check saw change in the state between two calls."""

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path
import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    ModuleState,
    TraceCounter,
    as_scalar,
    as_tuple,
    assert_close,
    assert_equal,
    assert_that,
    compare,
    fail,
    msg,
    rng,
    which_mistake,
)

checks = Checks("ex_6_2")

DATA = [2.0, 4.0, 6.0, 8.0, 10.0]


def _unpack(out, where: str):
    """((new_sum, new_count), average) from one call, structure checked first."""
    state, avg = as_tuple(out, 2, msg("ex_6_2.unpack.as_tuple", where=where))
    if isinstance(avg, (tuple, list)) and not isinstance(state, (tuple, list)):
        fail(
            msg("ex_6_2.unpack.fail", where=where),
            actual=H.render(out),
        )
    total, seen = as_tuple(state, 2, msg("ex_6_2.unpack.as_tuple_2", where=where))
    return (
        state,
        (
            as_scalar(total, msg("ex_6_2.unpack.as_scalar_2")),
            as_scalar(seen, msg("ex_6_2.unpack.as_scalar_3")),
        ),
        as_scalar(avg, msg("ex_6_2.unpack.as_scalar")),
    )


def _average_mistakes(values):
    """Averages that common mistakes produce on `values`, in float32 as JAX computes them (the
    eager check compares exactly)."""
    v = np.asarray(values, np.float32)
    n = np.arange(1, v.size + 1, dtype=np.float32)
    sums = np.cumsum(v)
    old_sums = sums - v
    with np.errstate(divide="ignore", invalid="ignore"):
        by_old_count = sums / (n - 1)  # the first step divides by 0: inf, as the mistake gives
        old_averages = old_sums / (n - 1)  # the first step is 0 / 0: NaN
    return [
        Mistake(
            "stale_sum",
            old_sums / n,
            msg("ex_6_2.average_mistakes.mistake_stale_sum"),
        ),
        Mistake(
            "floor_division",
            np.floor(sums / n),
            msg("ex_6_2.average_mistakes.mistake_floor_division"),
        ),
        Mistake(
            "stale_count",
            by_old_count,
            msg("ex_6_2.average_mistakes.mistake_stale_count"),
        ),
        Mistake(
            "stale_count_guarded",  # the 0 of the first step replaced by 1 (jnp.maximum, where)
            sums / np.maximum(n - 1, 1),
            msg("ex_6_2.average_mistakes.mistake_stale_count"),
        ),
        Mistake("old_average", old_averages, msg("ex_6_2.average_mistakes.mistake_old_average")),
        Mistake(
            "count_plus_one",  # on DATA this is exactly 1 less at every step: named, not an offset
            sums / (n + 1),
            msg("ex_6_2.average_mistakes.mistake_count_plus_one"),
        ),
    ]


def _divided_before_update(fn) -> str | None:
    """After a ZeroDivisionError on the empty state (0.0, 0): the cause, computed from one call on
    the state (2.0, 1) with the value 4.0 (right: 6.0 / 2 = 3.0). Only the old sum over the old
    count, two Python numbers, divides by 0 that way (a sum that took in the array value is an
    array, which divides by 0 without an error); it gives 2.0 there."""
    try:
        _, _, avg = _unpack(fn((2.0, 1), 4.0), "")
    except Exception:  # noqa: BLE001 - no cause computed: the error stays as it was
        return None
    if avg != 2.0:
        return None
    return (
        msg("ex_6_2.zero_division", got=avg)
        + " "
        + msg("ex_6_2.average_mistakes.mistake_old_average")
    )


def _called(fn, state, v):
    """fn(state, v); a state read by key (a tuple indexed with a string), an array method
    called on the Python numbers of a state such as (0.0, 0), or an average divided by the count
    before the update (ZeroDivisionError on that state), is told as such."""
    try:
        return fn(state, v)
    except ZeroDivisionError:
        cause = _divided_before_update(fn)
        if cause is None:
            raise
        fail(cause)
    except TypeError as e:
        if "tuple indices must be integers or slices, not str" not in str(e):
            raise
        fail(msg("ex_6_2.state_by_key"), error=R.first_line(e))
    except AttributeError as e:
        numbers = isinstance(state, tuple) and any(type(s) in (int, float) for s in state)
        if not numbers or not str(e).startswith(("'int' object", "'float' object")):
            raise
        fail(msg("ex_6_2.state_python_numbers", error=R.first_line(e)), error=R.first_line(e))


def _run_jit(L, start, values):
    """Runs jax.jit(update_moving_average) over `values` from `start`; returns the traces, the
    state jit saw before each call and the last average."""
    counter = TraceCounter(L.update_moving_average)
    step = counter.jit()
    state, averages, seen = start, [], []
    for v in values:
        seen.append(state)
        state, _, avg = _unpack(_called(step, state, v), msg("ex_6_2.run_jit.unpack"))
        averages.append(avg)
    return counter.count, seen, averages


def _final_average_is_six(averages, said: str, what: str) -> None:
    """The last jitted average is 6.0; when it is not, a known mistake whose averages at every
    step the learner's equal is named instead of `said`."""
    found = which_mistake(np.array(averages), _average_mistakes(DATA), rtol=0, atol=0)
    assert_close(
        averages[-1],
        6.0,
        rtol=0,
        atol=0,
        what=what,
        msg=found.message if found else said,
        diagnosis=found.label if found else None,
    )


def _closing(seen) -> str:
    """The advice after a retrace: when the initial count was an integer and the update made it a
    float, the update is the place to fix, not initial_state."""
    kinds = [np.dtype(getattr(s[1], "dtype", type(s[1]))).kind for s in seen[:2]]
    if len(kinds) == 2 and kinds[0] in "iu" and kinds[1] == "f":
        return msg("ex_6_2.trace_once.count_became_float")
    return msg("ex_6_2.trace_once.text")


def _retrace_words(seen, skip: int = 0) -> str:
    """What changed in the state between two calls, after the first `skip` calls."""
    change = H.first_change(seen[skip:])
    if change:
        k, why = change
        return msg("ex_6_2.retrace_words.text_2", v=k + skip + 1, why=why)
    return msg("ex_6_2.retrace_words.text", v=H.render(seen[0]))


def _means_stored():
    """The sums a state holds when each step stores (sum + value) / count in the sum's place,
    in float32 as the learner's arrays compute it: 2, 3, 3, 2.75, 2.55."""
    held, out = np.float32(0.0), []
    for k, v in enumerate(DATA, start=1):
        held = np.float32((held + np.float32(v)) / np.float32(k))
        out.append(held)
    return np.array(out)


@checks.add("eager")
def _(L):
    import jax.numpy as jnp

    state = (0.0, 0)
    averages, sums, counts = [], [], []
    for v in jnp.array(DATA):
        state, (total, seen), avg = _unpack(
            _called(L.update_moving_average, state, v), msg("ex_6_2.eager.unpack")
        )
        averages.append(avg)
        sums.append(total)
        counts.append(seen)
    assert_close(
        np.array(sums),
        np.array([2.0, 6.0, 12.0, 20.0, 30.0]),
        rtol=0,
        atol=0,
        what=msg("ex_6_2.eager.what"),
        msg=msg("ex_6_2.eager.msg"),
        mistakes=[
            Mistake("sum_not_stored", np.zeros(5), msg("ex_6_2.eager.sum_not_stored")),
            Mistake("value_stored", np.array(DATA, float), msg("ex_6_2.eager.value_stored")),
            Mistake("count_first", np.arange(1.0, 6.0), msg("ex_6_2.eager.count_first")),
            Mistake(
                "mean_stored",
                _means_stored(),
                msg("ex_6_2.eager.mean_stored"),
            ),
        ],
    )
    assert_close(
        np.array(counts),
        np.arange(1.0, 6.0),
        rtol=0,
        atol=0,
        what=msg("ex_6_2.eager.what_2"),
        msg=msg("ex_6_2.eager.counts_differ"),
        mistakes=[Mistake("count_not_stored", np.zeros(5), msg("ex_6_2.eager.count_not_stored"))],
    )
    assert_close(
        np.array(averages),
        np.array([2.0, 3.0, 4.0, 5.0, 6.0]),
        rtol=0,
        atol=0,
        what=msg("ex_6_2.eager.what_3"),
        msg=msg("ex_6_2.eager.averages_differ"),
        mistakes=_average_mistakes(DATA),
    )


def _fresh_run(L, values):
    """The averages of update_moving_average over `values` from a typed empty state."""
    import jax.numpy as jnp

    state = (jnp.array(0.0, jnp.float32), jnp.array(0, jnp.int32))
    got = []
    for v in values:
        state, _, avg = _unpack(
            _called(L.update_moving_average, state, jnp.float32(v)), msg("ex_6_2.fresh.unpack")
        )
        got.append(avg)
    return got


@checks.add("fresh", needs="eager")
def _(L):
    values = rng(62).normal(3.0, 5.0, size=9)
    expected = np.cumsum(values) / np.arange(1, 10)
    before = ModuleState(L.ns)
    got = _fresh_run(L, values)
    change = before.changes()
    if change and compare(np.array(got), expected, rtol=1e-5, atol=1e-5) is not None:
        # outside data is blamed only when it moves the results: the same run again differs
        if compare(np.array(_fresh_run(L, values)), np.array(got), rtol=0, atol=0) is not None:
            fail(msg("ex_6_2.fresh.hidden_state", change=change.words()), **change.detail())
    assert_close(
        np.array(got),
        expected,
        rtol=1e-5,
        atol=1e-5,
        what=msg("ex_6_2.fresh.what"),
        msg=msg("ex_6_2.fresh.msg"),
        mistakes=_average_mistakes(values),
    )


@checks.add("trace_once")
def _(L):
    import jax.numpy as jnp

    start = L.initial_state
    parts = as_tuple(start, 2, "initial_state (current_sum, count)")
    for part, name in zip(parts, ("current_sum", "count"), strict=False):
        assert_that(
            as_scalar(part, msg("ex_6_2.trace_once.as_scalar", name=name)) == 0.0,
            msg("ex_6_2.trace_once.assert_that", name=name),
            actual=repr(part)[:100],
        )
    traces, seen, averages = _run_jit(L, start, jnp.array(DATA, jnp.float32))
    _final_average_is_six(
        averages, msg("ex_6_2.trace_once.msg"), what=msg("ex_6_2.trace_once.what")
    )
    if traces != 1:
        assert_equal(
            traces,
            1,
            msg("ex_6_2.trace_once.text_2", v=H.render(start), traces=traces)
            + _retrace_words(seen)
            + _closing(seen),
            what=msg("ex_6_2.trace_once.what_2"),
        )


@checks.add("weak_contrast")
def _(L):
    import jax.numpy as jnp

    traces, seen, averages = _run_jit(L, (0.0, 0), jnp.array(DATA, jnp.float32))
    _final_average_is_six(
        averages, msg("ex_6_2.weak_contrast.msg"), what=msg("ex_6_2.weak_contrast.what")
    )
    if traces != 2:
        assert_equal(
            traces,
            2,
            msg("ex_6_2.weak_contrast.text", traces=traces)
            + (_retrace_words(seen, skip=1) if traces > 2 else ""),
            what=msg("ex_6_2.weak_contrast.what_2"),
        )
