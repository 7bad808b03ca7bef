"""Repair 0.4-fix1: jax.vmap(predict)(w, xs) splits the shared w -> in_axes=(None, 0).

Checks: predictions on a batch with n ≠ d and one with n = d, without jit ("batch") and under jit
("jit"), against xs @ w; a missing in_axes=None is named only when vmap reported inconsistent sizes
or the result equals what splitting w produces, in_axes in the wrong order only when the result
equals what in_axes=(0, None) produces, xs split along axis 1 only when a square batch gives
xs.T @ w, a sum over the batch axis only when the result equals (xs * w).sum(axis=0); a right
column of shape (n, 1) is blamed on (1, d) rows only when a spy in predict's place saw them, on
a reshape of the scalar only when predict returns shape (1,) or got a (d,) row; any other
shape is reported as a shape."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    compare,
    fail,
    msg,
    rng,
)

checks = Checks("ex_0_4_fix1")
BATCHES = ((111, 5, 3), (112, 4, 4))


def _swapped(w64, x64):
    """What in_axes=(0, None) produces: call i gets the number w[i] and all of xs. A predict
    written with jnp.dot or * gives xs·w[i] (shape (d, n, d)); one that sums x * w gives
    Σ xs·w[i] (shape (d,))."""
    return (w64[:, None, None] * x64[None], w64 * x64.sum())


def _by_columns(out, w64, x64) -> bool:
    """out is what in_axes=(None, 1) gives on a square batch: call j gets column j, xs.T @ w."""
    got = np.asarray(out, np.float64)
    return got.shape == (len(x64),) and compare(got, x64.T @ w64, rtol=1e-5, atol=1e-5) is None


def _maps_columns(fn) -> bool:
    """fn, run on a square batch (where splitting xs along axis 1 raises nothing), returns
    xs.T @ w: it splits xs along axis 1."""
    import jax.numpy as jnp

    g = rng(113)
    w, xs = g.normal(size=4).astype(np.float32), g.normal(size=(4, 4)).astype(np.float32)
    try:
        out = fn(jnp.asarray(w), jnp.asarray(xs))
    except Exception:
        return False
    return _by_columns(out, w.astype(np.float64), xs.astype(np.float64))


def _fed_shape(batch_predict, w, xs):
    """The shape of the example batch_predict hands to the module-level predict (seen by a spy put
    in predict's place for one call), or None when it does not call predict by that name."""
    import jax.numpy as jnp

    names = getattr(batch_predict, "__globals__", None)
    if not isinstance(names, dict) or not callable(names.get("predict")):
        return None
    real, seen = names["predict"], []

    def spy(*args, **kwargs):
        if len(args) == 2:
            seen.append(tuple(np.shape(args[1])))
        return real(*args, **kwargs)

    names["predict"] = spy
    try:
        batch_predict(jnp.asarray(w), jnp.asarray(xs))
    except Exception:
        return None
    finally:
        names["predict"] = real
    return seen[0] if seen else None


def _extra_axis(batch_predict, predict, w, xs, n) -> str:
    """Where a result of shape (n, 1) got its extra axis, as far as the check has seen it: each
    example went into predict as a (1, d) row; or predict got a (d,) example and its scalar was
    given an axis of length 1 (in predict or around it, inside the mapped function)."""
    import jax.numpy as jnp

    d = xs.shape[1]
    fed = _fed_shape(batch_predict, w, xs)
    try:
        one = np.shape(predict(jnp.asarray(w), jnp.asarray(xs[0])))
    except Exception:
        one = None
    if fed == (1, d) and one == ():
        return msg("ex_0_4_fix1.extra_axis_rows", n=n, d=d)
    if one == (1,):
        return msg("ex_0_4_fix1.extra_axis", n=n)
    if fed == (d,) and one == ():  # added around predict: inside the mapped function or after
        return msg("ex_0_4_fix1.extra_axis_around", n=n, d=d)
    return msg("ex_0_4_fix1.extra_axis_plain", n=n)


def _verify(fn, label, raw, predict):
    import jax.numpy as jnp

    for seed, n, d in BATCHES:
        g = rng(seed)
        w = g.normal(size=d).astype(np.float32)
        xs = g.normal(size=(n, d)).astype(np.float32)
        what = f"{label}(w, xs), n = {n}, d = {d}"
        try:
            out = R.call(
                fn,
                jnp.asarray(w),
                jnp.asarray(xs),
                what=what,
                symptoms={"word:inconsistent sizes": msg("ex_0_4_fix1.split_error")},
            )
        except TypeError as e:  # named only when a square batch shows xs split along axis 1
            if not _maps_columns(fn):
                raise
            fail(msg("ex_0_4_fix1.columns_error", n=n, d=d), error=R.first_line(e))
        x64, w64 = xs.astype(np.float64), w.astype(np.float64)
        shape = tuple(np.shape(out))
        if n == d and _by_columns(out, w64, x64):
            fail(msg("ex_0_4_fix1.columns_silent", n=n))
        if shape == (n, d) and n == d:
            if (
                compare(np.asarray(out, np.float64), x64 * w64[:, None], rtol=1e-5, atol=1e-6)
                is None
            ):
                fail(msg("ex_0_4_fix1.split_silent", n=n), shape=list(shape))
        if any(
            np.shape(value) == shape
            and compare(np.asarray(out, np.float64), value, rtol=1e-5, atol=1e-5) is None
            for value in _swapped(w64, x64)
        ):
            fail(msg("ex_0_4_fix1.swapped", shape=shape, n=n), shape=list(shape))
        if (
            shape == (n, 1)
            and compare(np.asarray(out, np.float64)[:, 0], x64 @ w64, rtol=1e-5, atol=1e-5) is None
        ):
            fail(_extra_axis(raw, predict, w, xs, n), shape=list(shape))
        if (
            shape == (d,)
            and compare(np.asarray(out, np.float64), (x64 * w64).sum(axis=0), rtol=1e-5, atol=1e-5)
            is None
        ):
            fail(msg("ex_0_4_fix1.batch_axis_sum", n=n, d=d), shape=list(shape))
        products = x64 * w64  # predict returned x * w without the sum
        if (
            shape == (n, d)
            and compare(np.asarray(out, np.float64), products, rtol=1e-5, atol=1e-5) is None
        ):
            fail(msg("ex_0_4_fix1.products_not_summed", n=n, d=d), shape=list(shape))
        if shape != (n,):
            fail(msg("ex_0_4_fix1.wrong_shape", shape=shape, n=n), shape=list(shape))
        assert_close(
            as_array(out, what, shape=(n,)),
            x64 @ w64,
            rtol=1e-5,
            atol=1e-5,
            what=what,
            msg=msg("ex_0_4_fix1.values_differ"),
            mistakes=[
                Mistake(  # rows of jnp.repeat(w, n).reshape(n, d): each weight n times in a row
                    "repeated_weights",
                    (np.repeat(w64, n).reshape(n, d) * x64).sum(axis=1),
                    msg("ex_0_4_fix1.repeated_weights"),
                )
            ],
        )


@checks.add("batch")
def _(L):
    _verify(L.batch_predict, "batch_predict", L.batch_predict, getattr(L, "predict", None))


@checks.add("jit", needs="batch")
def _(L):
    import jax

    _verify(
        jax.jit(L.batch_predict),
        "jax.jit(batch_predict)",
        L.batch_predict,
        getattr(L, "predict", None),
    )
