"""Repair 0.3-fix1: jax.grad of the residual vector raises TypeError -> grad of the scalar mean
squared error, 2·mean((w·x − y)·x).

Checks: the derivative on random data without jit ("grad") and under jit ("jit"), naming a vector
output only when grad raised that TypeError, the Jacobian only when the result is the per-residual
derivatives x, the sum of residuals only when it equals Σx, their mean (the square forgotten) only
when it equals mean(x), and jnp.sum only when it is n times the gradient."""

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


def _verify(fn, seed, what):
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
            Mistake("half", grad / 2.0, msg("ex_0_3_fix1.half")),
        ],
    )


@checks.add("grad")
def _(L):
    _verify(L.slope_grad, 101, "slope_grad(w, x, y)")


@checks.add("jit", needs="grad")
def _(L):
    import jax

    _verify(jax.jit(L.slope_grad), 102, "jax.jit(slope_grad)(w, x, y)")
