"""Repair exercise a1.6-fix1: a mask guessed from padded != 0 (a real 0 taken for padding) → a mask
made from the lengths.

Checks: means on fresh rows holding real zeros, an empty row and a full row ("values"); the gradient
with respect to padded is 1/length on valid places, exactly 0 on padding and finite everywhere,
naming a sum over the whole padded row ("grad"); a new set of lengths does not recompile
("one_compile")."""

import re

import _repair_a1 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    assert_close,
    assert_compile_count,
    assert_equal,
    fail,
    msg,
    rng,
)

checks = Checks("ex_a1_6_fix1")
T = 6


def _batch(seed, lengths):
    g = rng(seed)
    rows = np.zeros((len(lengths), T), np.float32)
    for i, n in enumerate(lengths):
        vals = g.uniform(1.0, 5.0, size=n).astype(np.float32)
        vals[::3] = 0.0  # real zeros inside the data
        rows[i, :n] = vals
    return rows, np.array(lengths, np.int32)


def _masked(rows, lengths, valid):
    count = valid.sum(axis=1)
    return np.where(valid, rows, 0.0).sum(axis=1) / np.maximum(count, 1)


@checks.add("values")
def _(L):
    import jax.numpy as jnp

    rows, lengths = _batch(771, [4, 0, 6, 2, 5])
    try:
        out = L.masked_mean(jnp.asarray(rows), jnp.asarray(lengths))
    except TypeError as e:  # JAX names both shapes: one per position (T,), one per row (B,)
        text = str(e)
        if "incompatible shapes for broadcasting" in text and {f"({T},)", "(5,)"} <= set(
            re.findall(r"\(\d+,\)", text)
        ):
            op = re.match(r"(\w+) got incompatible", text)
            if op and op.group(1) in ("lt", "le", "gt", "ge", "eq", "ne"):  # the mask's comparison
                fail(msg("ex_a1_6_fix1.mask_without_column", t=T, b=5), error=text.splitlines()[0])
            name = op.group(1) if op else "?"  # another operation: no mask comparison named
            fail(
                msg("ex_a1_6_fix1.per_position_meets_per_row", t=T, b=5, op=name),
                error=text.splitlines()[0],
            )
        raise
    got = as_array(out, msg("ex_a1_6_fix1.result"), shape=(5,))
    r64 = rows.astype(np.float64)
    by_length = np.arange(T) < lengths[:, None]
    want = _masked(r64, lengths, by_length)
    if np.isnan(got).any():
        assert_equal(
            got.tolist(),
            want.tolist(),
            msg("ex_a1_6_fix1.empty_row_nan", rows=np.flatnonzero(np.isnan(got)).tolist()),
            what=msg("ex_a1_6_fix1.row_means"),
        )
    assert_close(
        got,
        want,
        rtol=1e-5,
        atol=1e-5,
        what=msg("ex_a1_6_fix1.row_means"),
        msg=msg("ex_a1_6_fix1.means_differ"),
        mistakes=[
            Mistake(
                "nonzero",
                _masked(r64, lengths, r64 != 0),
                msg("ex_a1_6_fix1.zero_as_padding"),
            ),
            Mistake("plain", r64.mean(axis=1), msg("ex_a1_6_fix1.padding_counted")),
            Mistake(
                "sum",
                np.where(by_length, r64, 0.0).sum(axis=1),
                msg("ex_a1_6_fix1.sum_not_divided"),
            ),
            Mistake(
                "length_plus_one",
                np.where(np.arange(T) < lengths[:, None], r64, 0.0).sum(axis=1) / (lengths + 1),
                msg("ex_a1_6_fix1.length_plus_one"),
            ),
            Mistake(
                "one_more",
                _masked(r64, lengths, np.arange(T) <= lengths[:, None]),
                msg("ex_a1_6_fix1.one_extra"),
            ),
        ],
    )


@checks.add("grad", needs="values")
def _(L):
    import jax
    import jax.numpy as jnp

    rows, lengths = _batch(772, [3, 0, 6, 1, 4])
    g = as_array(
        jax.grad(lambda p: jnp.sum(L.masked_mean(p, jnp.asarray(lengths))))(jnp.asarray(rows)),
        msg("ex_a1_6_fix1.grad_padded"),
        shape=rows.shape,
    )
    valid = np.arange(T) < lengths[:, None]
    want = np.where(valid, 1.0 / np.maximum(lengths, 1)[:, None], 0.0)
    if not np.isfinite(g).all():
        bad = np.argwhere(~np.isfinite(g)).tolist()[:6]
        fail(
            msg("ex_a1_6_fix1.grad_not_finite", bad=bad),
            positions=bad,
        )
    assert_close(
        g,
        want,
        rtol=1e-6,
        atol=1e-7,
        what=msg("ex_a1_6_fix1.grad_padded"),
        msg=msg("ex_a1_6_fix1.grad_differs"),
        mistakes=[
            Mistake(
                "one_more",
                np.where(
                    np.arange(T) <= lengths[:, None], 1.0 / np.maximum(lengths, 1)[:, None], 0.0
                ),
                msg("ex_a1_6_fix1.grad_one_extra"),
            ),
            Mistake(
                "whole_row",
                np.broadcast_to(1.0 / np.maximum(lengths, 1)[:, None], rows.shape),
                msg("ex_a1_6_fix1.grad_whole_row"),
            ),
        ],
    )


@checks.add("one_compile", needs="values")
def _(L):
    import jax
    import jax.numpy as jnp

    fn = R.jitted(L.masked_mean)
    name = R.name_of(fn)
    batches = [
        tuple(jnp.asarray(a) for a in _batch(s, ls))
        for s, ls in ((773, [1, 2, 3, 0, 6]), (774, [6, 0, 4, 2, 2]))
    ]
    with CompileLog() as log:
        for rows, lengths in batches:
            jax.block_until_ready(fn(rows, lengths))
    assert_compile_count(
        log,
        name,
        expected=1,
        msg=msg("ex_a1_6_fix1.compiled_n", n=log.count(name)),
    )


@checks.add("no_nan", needs="values")
def _(L):
    import jax.numpy as jnp

    rows, lengths = _batch(775, [2, 0, 5, 1, 3])
    values = R.intermediate_values(L.masked_mean, jnp.asarray(rows), jnp.asarray(lengths))
    with_nan = [v for v in values if np.issubdtype(v.dtype, np.floating) and np.isnan(v).any()]
    if with_nan:
        fail(
            msg("ex_a1_6_fix1.nan_inside"),
            first_with_nan=with_nan[0],
        )
