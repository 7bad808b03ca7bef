"""Repair 0.3-fix1: jax.grad of the residual vector raises TypeError -> grad of the scalar mean
squared error, 2·mean((w·x − y)·x).

Checks: the derivative on random data without jit ("grad") and under jit ("jit"), naming a vector
output only when grad raised that TypeError, the Jacobian only when the result is the per-residual
derivatives x, the sum of residuals only when it equals Σx, their mean (the square forgotten) only
when it equals mean(x), jnp.sum only when it is n times the gradient, the square of the mean
residual only when it equals 2·mean(w·x − y)·mean(x), and half the gradient as a ½ in the loss
only when the function handed to jax.grad returned 0.5·mean((w·x − y)²), as a hand-written
derivative only when jax.grad was not called."""

import contextlib
import sys

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import Checks, Mistake, as_scalar, assert_close, compare, fail, msg, rng

checks = Checks("ex_0_3_fix1")


def _data(seed):
    g = rng(seed)
    return (
        np.float32(g.normal()),
        g.normal(size=8).astype(np.float32),
        g.normal(size=8).astype(np.float32),
    )


def _differentiated(L, data) -> list:
    """The functions slope_grad hands to jax.grad or jax.value_and_grad while it runs once
    without jit, however it reaches them (jax.grad, a grad imported from jax): a profile hook on
    their code reads the argument fun."""
    import inspect

    import jax
    import jax.numpy as jnp

    targets = {inspect.unwrap(f).__code__ for f in (jax.grad, jax.value_and_grad)}
    funs: list = []

    def profile(frame, event, arg):
        if event == "call" and frame.f_code in targets and "fun" in frame.f_locals:
            funs.append(frame.f_locals["fun"])

    w, x, y = data
    raw = getattr(L.slope_grad, "__wrapped__", L.slope_grad)  # a jitted one would reuse its trace
    old = sys.getprofile()
    sys.setprofile(profile)
    try:
        raw(jnp.float32(w), jnp.asarray(x), jnp.asarray(y))
    finally:
        sys.setprofile(old)
    return funs


def _loss_values(funs, data) -> list[float]:
    """Each differentiated function's value at w (called as f(w) or f(w, x, y))."""
    import jax.numpy as jnp

    w, x, y = data
    values = []
    for f in funs:
        for args in ((jnp.float32(w),), (jnp.float32(w), jnp.asarray(x), jnp.asarray(y))):
            with contextlib.suppress(Exception):  # another signature, or not a number
                values.append(float(f(*args)))
                break
    return values


def _half_words(L, data):
    """Why the result is half the gradient, from what slope_grad differentiated: a loss of
    0.5·mean((w·x − y)²), a hand-written derivative (jax.grad not called), or neither known."""
    w, x, y = data
    try:
        funs = _differentiated(L, data)
    except Exception:  # the call already returned once; a second one shows nothing new
        return msg("ex_0_3_fix1.half_unknown")
    losses = _loss_values(funs, data)
    mse = np.mean((np.float64(w) * x.astype(np.float64) - y) ** 2)
    if any(compare(v, 0.5 * mse, rtol=1e-5, atol=1e-6) is None for v in losses):
        return msg("ex_0_3_fix1.half_mse")
    return msg("ex_0_3_fix1.half_unknown") if funs else msg("ex_0_3_fix1.half")


def _verify(fn, seed, what, L=None):
    import jax.numpy as jnp

    w, x, y = _data(seed)
    out = R.call(
        fn,
        jnp.float32(w),
        jnp.asarray(x),
        jnp.asarray(y),
        what=what,
        symptoms={"word:Output had shape": msg("ex_0_3_fix1.vector_output")},
    )
    w64, x64, y64 = np.float64(w), x.astype(np.float64), y.astype(np.float64)
    if np.shape(out) == x.shape and (
        compare(np.asarray(out, np.float64), x64, rtol=1e-5, atol=1e-8) is None
    ):
        fail(msg("ex_0_3_fix1.jacobian"), shape=list(x.shape))
    grad = 2.0 * np.mean((w64 * x64 - y64) * x64)
    squared_mean = msg("ex_0_3_fix1.squared_mean")
    half = msg("ex_0_3_fix1.half_unknown")
    if (
        L is not None
        and compare(np.asarray(out, np.float64), grad / 2.0, rtol=1e-5, atol=1e-6) is None
    ):
        half = _half_words(L, (w, x, y))
    assert_close(
        as_scalar(out, what),
        grad,
        rtol=1e-5,
        atol=1e-6,
        what=what,
        msg=msg("ex_0_3_fix1.grad_differs"),
        mistakes=[
            Mistake("sum_residuals", x64.sum(), msg("ex_0_3_fix1.sum_residuals")),
            Mistake("mean_residuals", x64.mean(), msg("ex_0_3_fix1.mean_residuals")),
            Mistake("sum_not_mean", grad * len(x64), msg("ex_0_3_fix1.sum_not_mean")),
            Mistake("mean_squared", 2.0 * np.mean(w64 * x64 - y64) * x64.mean(), squared_mean),
            Mistake("half", grad / 2.0, half),
            Mistake("no_inner", 2.0 * np.mean(w64 * x64 - y64), msg("ex_0_3_fix1.no_inner")),
        ],
    )


@checks.add("grad")
def _(L):
    _verify(L.slope_grad, 101, "slope_grad(w, x, y)", L)


@checks.add("jit", needs="grad")
def _(L):
    import jax

    _verify(jax.jit(L.slope_grad), 102, "jax.jit(slope_grad)(w, x, y)")
