"""Repair 6.5-fix1: scan's initial carry is a strongly typed int32 while the data is floating
point -> the initial value takes the data's dtype.

Checks: totals and prefix sums on fresh float32 data ("values"); on float16 data the result is
float16 and the scan runs ("dtype"), and right to float16 precision once "values" passed
("half_values": a wrong formula is named by "values", once); the program is a scan ("scan")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_tuple,
    assert_close,
    assert_equal,
    fail,
    msg,
    primitive_counts,
    rng,
    which_mistake,
)

checks = Checks("ex_6_5_fix1")

SYMPTOMS = {
    "word:dtypes do not match": msg("ex_6_5_fix1.module.word_dtypes_do_not_m"),
}


def _run(L, xs, label):
    out = as_tuple(
        R.call(L.running_total, xs, what=f"running_total({label})", symptoms=SYMPTOMS),
        2,
        msg("ex_6_5_fix1.run.as_tuple"),
    )
    return out[0], out[1]


def _first_as_carry(prefix, want, tol):
    """Fail naming it when the prefix sums are the full ones without the first: xs[0] was the
    initial carry and the scan ran over xs[1:]."""
    n = len(want)
    if np.shape(prefix) == (n - 1,) and which_mistake(
        np.asarray(prefix, np.float64),
        [Mistake("first_as_carry", want[1:], "")],
        rtol=tol,
        atol=tol,
    ):
        fail(msg("ex_6_5_fix1.values.first_as_carry", n=n, short=n - 1), shape=[n - 1])


@checks.add("values")
def _(L):
    import jax.numpy as jnp

    data = rng(651).uniform(-3.0, 3.0, size=9).astype(np.float32)
    total, prefix = _run(L, jnp.asarray(data), msg("ex_6_5_fix1.values.run"))
    want = np.cumsum(data.astype(np.float64))
    acc, truncated = 0, []
    for x in data:
        acc = int(np.float32(acc) + x)  # what casting the carry back to int32 gives
        truncated.append(acc)
    _first_as_carry(prefix, want, tol=1e-5)
    assert_close(
        as_array(prefix, msg("ex_6_5_fix1.values.as_array"), shape=data.shape),
        want,
        rtol=1e-5,
        atol=1e-5,
        what=msg("ex_6_5_fix1.values.what"),
        msg=msg("ex_6_5_fix1.values.msg"),
        mistakes=[
            Mistake(
                "exclusive",
                np.concatenate([[0.0], want[:-1]]),
                msg("ex_6_5_fix1.values.mistake_exclusive"),
            ),
            Mistake(
                "truncated",
                np.array(truncated, np.float64),
                msg("ex_6_5_fix1.values.mistake_truncated"),
            ),
            Mistake(
                "first_twice",
                want + np.float64(data[0]),
                msg("ex_6_5_fix1.values.mistake_first_twice", first=float(data[0])),
            ),
            Mistake(
                "data_truncated",
                np.cumsum(np.trunc(data).astype(np.float64)),
                msg("ex_6_5_fix1.values.mistake_data_truncated"),
            ),
        ],
    )
    assert_close(
        as_array(total, msg("ex_6_5_fix1.values.as_array_2"), ndim=0),
        want[-1],
        rtol=1e-5,
        atol=1e-5,
        what=msg("ex_6_5_fix1.values.what_2"),
        msg=msg("ex_6_5_fix1.values.total_differs"),
    )


@checks.add("dtype")
def _(L):
    import jax.numpy as jnp

    data = rng(652).uniform(-1.0, 1.0, size=6).astype(np.float16)
    total, prefix = _run(L, jnp.asarray(data), msg("ex_6_5_fix1.dtype.run"))
    got = [
        str(getattr(total, "dtype", type(total).__name__)),
        str(getattr(prefix, "dtype", type(prefix).__name__)),
    ]
    if got != ["float16", "float16"]:
        to = _data_converted(L, data)
        said = msg("ex_6_5_fix1.dtype.assert_equal", got=got)
        if to:
            said = msg("ex_6_5_fix1.dtype.data_converted", got=got, dtype=to)
        assert_equal(
            got,
            ["float16", "float16"],
            said,
            what=msg("ex_6_5_fix1.dtype.what_2"),
        )


def _data_converted(L, data) -> str:
    """The dtype running_total converts the data itself to (a convert_element_type applied to its
    argument), or "" when the data reach the program's operations as they are."""
    import jax
    import jax.numpy as jnp

    try:
        jaxpr = jax.make_jaxpr(L.running_total)(jnp.asarray(data)).jaxpr
    except Exception:  # the dtype check reports what the call returns
        return ""
    while len(jaxpr.eqns) == 1 and jaxpr.eqns[0].primitive.name in ("pjit", "jit"):
        jaxpr = jaxpr.eqns[0].params["jaxpr"].jaxpr  # running_total jitted: look inside
    xs = jaxpr.invars[0]
    for eqn in jaxpr.eqns:
        if eqn.primitive.name == "convert_element_type" and eqn.invars[0] is xs:
            to = str(eqn.outvars[0].aval.dtype)
            return to if to != str(data.dtype) else ""
    return ""


@checks.add("half_values", needs=("values", "dtype"))  # a wrong formula is named by values
def _(L):
    import jax.numpy as jnp

    data = rng(652).uniform(-1.0, 1.0, size=6).astype(np.float16)
    _, prefix = _run(L, jnp.asarray(data), msg("ex_6_5_fix1.dtype.run"))
    want = np.cumsum(data.astype(np.float64))
    _first_as_carry(prefix, want, tol=1e-2)
    assert_close(
        as_array(prefix, msg("ex_6_5_fix1.dtype.as_array")),
        want,
        rtol=1e-2,
        atol=1e-2,
        what=msg("ex_6_5_fix1.dtype.what"),
        msg=msg("ex_6_5_fix1.dtype.msg"),
    )


@checks.add("scan", needs="values")
def _(L):
    import jax.numpy as jnp

    prims = primitive_counts(L.running_total, jnp.ones(5, jnp.float32))
    if "scan" not in prims:
        fail(
            msg("ex_6_5_fix1.scan.fail"),
            primitives=sorted(prims),
        )
