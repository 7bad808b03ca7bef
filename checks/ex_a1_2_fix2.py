"""Repair exercise a1.2-fix2: a scan's carry starts as a tuple and the body returns a list (Python
types differ) → the same container.

Checks: total, count and running means on fresh data ("values"); total follows the data's dtype
and count is int32 ("dtypes"); the program is a scan ("scan")."""

import _repair_a1 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_scalar,
    as_tuple,
    assert_close,
    assert_equal,
    compare,
    fail,
    later,
    msg,
    primitive_counts,
    rng,
    skip,
)

checks = Checks("ex_a1_2_fix2")

SYMPTOMS = {
    "word:Python types differ": later("ex_a1_2_fix2.container_changed"),
    "word:dtypes do not match": later("ex_a1_2_fix2.dtype_changed"),
    "word:shapes do not match": later("ex_a1_2_fix2.shape_changed"),
}


def _call(L, xs):
    out = as_tuple(
        R.call(L.running_stats, xs, what="running_stats", symptoms=SYMPTOMS),
        2,
        msg("ex_a1_2_fix2.result"),
    )
    total, count = as_tuple(out[0], 2, msg("ex_a1_2_fix2.final_carry"))
    return total, count, out[1]


def _by_old_count(sums, k):
    """What dividing the new total by the count before its increment gives: t instead of t + 1,
    so the first step divides by 0 (±inf, or NaN for a first value of 0)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return sums / (k - 1)


def _plus_one_words(count, n):
    """Why each mean is divided by t + 2, from the final count returned: n + 1 means the count
    started at 1; n means the division added 1 to a count already incremented."""
    try:
        final = float(np.asarray(count))
    except (TypeError, ValueError):
        final = None
    if final == n + 1:
        return msg("ex_a1_2_fix2.count_from_one")
    if final == n:
        return msg("ex_a1_2_fix2.divided_by_count_plus_one", n=n)
    return msg("ex_a1_2_fix2.divided_by_t_plus_2")


def _values_data():
    return rng(731).uniform(-2.0, 5.0, size=7).astype(np.float32)


def _raises_symptom(L) -> bool:
    """Whether running_stats raises one of the exercise's symptoms on check values' own data (so
    that check failed and said why)."""
    import jax.numpy as jnp

    try:
        L.running_stats(jnp.asarray(_values_data()))
    except Exception as e:  # the probe is ours: only the symptom's words are looked for
        return any(key.startswith("word:") and key[5:] in str(e) for key in SYMPTOMS)
    return False


@checks.add("values")
def _(L):
    import jax.numpy as jnp

    data = _values_data()
    total, count, means = _call(L, jnp.asarray(data))
    d64 = data.astype(np.float64)
    sums, k = np.cumsum(d64), np.arange(1, len(data) + 1)
    assert_close(
        as_array(means, msg("ex_a1_2_fix2.means"), shape=data.shape),
        sums / k,
        rtol=1e-5,
        atol=1e-5,
        what=msg("ex_a1_2_fix2.means"),
        msg=msg("ex_a1_2_fix2.means_differ"),
        mistakes=[
            Mistake("old_count_zero", _by_old_count(sums, k), msg("ex_a1_2_fix2.divided_by_zero")),
            Mistake(
                "old_count",
                sums / np.maximum(k - 1, 1),
                msg("ex_a1_2_fix2.mean_before_increment"),
            ),
            Mistake("running_sum", sums, msg("ex_a1_2_fix2.running_sum")),
            Mistake(
                "one_step_behind",
                np.concatenate([[0.0], sums[:-1]]) / np.maximum(k - 1, 1),
                msg("ex_a1_2_fix2.mean_before_adding"),
            ),
            Mistake(
                "one_step_behind_nan",
                np.concatenate([[np.nan], sums[:-1] / np.maximum(k[:-1], 1)]),
                msg("ex_a1_2_fix2.mean_before_adding_nan"),
            ),
            Mistake("count_plus_one", sums / (k + 1), _plus_one_words(count, len(data))),
            Mistake("floor_division", np.floor(sums / k), msg("ex_a1_2_fix2.floor_division")),
            Mistake("value_over_count", d64 / k, msg("ex_a1_2_fix2.value_over_count")),
        ],
    )
    assert_close(
        as_scalar(total, msg("ex_a1_2_fix2.total")),
        sums[-1],
        rtol=1e-5,
        atol=1e-5,
        what=msg("ex_a1_2_fix2.total"),
        msg=msg("ex_a1_2_fix2.total_differs"),
        mistakes=[Mistake("count_first", len(data), msg("ex_a1_2_fix2.carry_swapped"))]
        if compare(as_scalar(count, msg("ex_a1_2_fix2.count")), sums[-1], rtol=1e-5, atol=1e-5)
        is None
        else [],
    )
    assert_close(
        as_scalar(count, msg("ex_a1_2_fix2.count")),
        len(data),
        rtol=0,
        atol=0,
        what=msg("ex_a1_2_fix2.count"),
        msg=msg("ex_a1_2_fix2.count_differs", n_data=len(data)),
    )


@checks.add("dtypes")
def _(L):
    import jax.numpy as jnp

    if _raises_symptom(L):
        skip(msg("ex_a1_2_fix2.raised_above"), covered_by="values")
    for dtype in (jnp.float32, jnp.float16):
        total, count, _ = _call(L, jnp.linspace(0.0, 1.0, 5, dtype=dtype))
        got = [
            str(getattr(total, "dtype", type(total).__name__)),
            str(getattr(count, "dtype", type(count).__name__)),
        ]
        want = [jnp.dtype(dtype).name, "int32"]
        if got == want[::-1]:  # the two handed back in each other's place: values names the order
            skip(msg("ex_a1_2_fix2.dtypes_swapped"), covered_by="values")
        if got != want:
            assert_equal(
                got,
                want,
                msg("ex_a1_2_fix2.dtypes_differ", data_dtype=want[0], got=got, want=want),
                what=msg("ex_a1_2_fix2.carry_dtypes"),
            )


@checks.add("scan", needs="values")
def _(L):
    import jax.numpy as jnp

    prims = primitive_counts(L.running_stats, jnp.ones(4, jnp.float32))
    if "scan" not in prims:
        fail(
            msg("ex_a1_2_fix2.no_scan"),
            primitives=sorted(prims),
        )
