"""Repair exercise a1.5-fix1: jax.grad of a vmapped function that returns (N,) → jnp.sum it to a
scalar first, then differentiate.

Checks: the gradient of the summed loss against the float64 formula 2·Σ(p·xᵢ − 1)·xᵢ ("values");
no N×N Jacobian and a program whose size does not grow with N ("no_jacobian")."""

import _repair_a1 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    compare,
    fail,
    later,
    msg,
    rng,
)

checks = Checks("ex_a1_5_fix1")

SYMPTOMS = {"word:scalar-output": later("ex_a1_5_fix1.grad_of_vector")}


def _data(seed, n):
    g = rng(seed)
    return g.normal(size=3).astype(np.float32), g.normal(size=(n, 3)).astype(np.float32)


@checks.add("values")
def _(L):
    import jax.numpy as jnp

    for seed, n in ((761, 6), (762, 6)):  # one shape: the learner's gradient compiles once
        p, xs = _data(seed, n)
        out = R.call(
            L.grad_total, jnp.asarray(p), jnp.asarray(xs), what="grad_total", symptoms=SYMPTOMS
        )
        p64, x64 = p.astype(np.float64), xs.astype(np.float64)
        resid = x64 @ p64 - 1.0
        if tuple(getattr(out, "shape", ())) == xs.shape and (
            compare(np.asarray(out), 2.0 * resid[:, None] * p64, rtol=1e-4, atol=1e-4) is None
        ):
            fail(
                msg("ex_a1_5_fix1.grad_wrt_xs", n=n),
                expected_shape=[3],
                actual_shape=list(xs.shape),
            )
        per_sample = 2.0 * resid[:, None] * x64  # row i: the gradient of sample i's loss
        if tuple(getattr(out, "shape", ())) == (n,) and (
            compare(np.asarray(out), per_sample.sum(axis=1), rtol=1e-4, atol=1e-4) is None
        ):
            fail(
                msg("ex_a1_5_fix1.summed_wrong_axis", n=n),
                expected_shape=[3],
                actual_shape=[n],
            )
        if tuple(getattr(out, "shape", ())) == xs.shape and (
            compare(np.asarray(out), per_sample, rtol=1e-4, atol=1e-4) is None
        ):
            fail(
                msg("ex_a1_5_fix1.per_example_not_summed", n=n),
                expected_shape=[3],
                actual_shape=list(xs.shape),
            )
        got = as_array(out, msg("ex_a1_5_fix1.result"), shape=(3,))
        want = per_sample.sum(axis=0)
        x_sum = x64.sum(axis=0)
        assert_close(
            got,
            want,
            rtol=1e-4,
            atol=1e-4,
            what=msg("ex_a1_5_fix1.grad_for_n", n=n),
            msg=msg("ex_a1_5_fix1.grad_differs"),
            mistakes=[
                Mistake(
                    "mean",
                    want / n,
                    msg("ex_a1_5_fix1.mean_not_sum", n=n),
                ),
                Mistake(
                    "summed_inputs",
                    2.0 * (x_sum @ p64 - 1.0) * x_sum,
                    msg("ex_a1_5_fix1.loss_of_summed_inputs"),
                ),
                Mistake(
                    "square_of_sum",
                    2.0 * resid.sum() * x_sum,
                    msg("ex_a1_5_fix1.square_of_sum"),
                ),
                Mistake(
                    "wrt_x",
                    2.0 * resid.sum() * p64,
                    msg("ex_a1_5_fix1.grad_of_xs"),
                ),
            ],
        )


@checks.add("no_jacobian", needs="values")
def _(L):
    import jax.numpy as jnp

    sizes = {}
    for n in (5, 9):
        p, xs = _data(763, n)
        args = (jnp.asarray(p), jnp.asarray(xs))
        if (n, n) in R.value_shapes(L.grad_total, *args):
            fail(
                msg("ex_a1_5_fix1.full_jacobian", n=n),
                samples=n,
            )
        sizes[n] = R.n_equations(L.grad_total, *args)
    if sizes[5] != sizes[9]:
        fail(
            msg("ex_a1_5_fix1.loop_per_sample", n5=sizes[5], n9=sizes[9]),
            equations=sizes,
        )
