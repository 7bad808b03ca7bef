"""Repair 7.2-fix3: cross-entropy through log(softmax) gives inf/NaN on extreme logits ->
log_softmax.

Checks: the loss on fresh logits with ±900 and −130 entries is finite and equals float64 ("values");
its gradient in z is finite and equals (softmax − onehot)/B ("grad")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, as_scalar, assert_close, assert_that, later, msg, rng
from tutor.worker.mistakes import Known, produced

checks = Checks("ex_7_2_fix3")


def _data(seed):
    import jax.numpy as jnp

    g = rng(seed)
    z = g.normal(size=(5, 4)).astype(np.float32)
    z[0] = [900.0, 10.0, -900.0, 3.0]
    z[1] = [2.0, -130.0, 0.0, 1.0]
    z[3] = [-950.0, -951.0, -953.0, -950.5]
    labels = np.array([0, 1, 2, 3, int(g.integers(0, 4))])
    return jnp.asarray(z), jnp.asarray(labels)


def _want(z, labels):
    z = np.asarray(z, np.float64)
    shifted = z - z.max(-1, keepdims=True)
    logp = shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))
    onehot = np.eye(z.shape[1])[np.asarray(labels)]
    return -logp[np.arange(len(z)), np.asarray(labels)].mean(), (np.exp(logp) - onehot) / len(z)


def _per_row(z, labels):
    z = np.asarray(z, np.float64)
    shifted = z - z.max(-1, keepdims=True)
    logp = shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))
    return -logp[np.arange(len(z)), np.asarray(labels)]


# What the common slips give for the loss on the check's logits (computed, then matched).
MISTAKES = [
    Known(
        "sum",
        lambda z, labels: _per_row(z, labels).sum(),
        later("ex_7_2_fix3.summed_not_mean"),
    ),
    Known(
        "no_minus",
        lambda z, labels: -_per_row(z, labels).mean(),
        later("ex_7_2_fix3.negated"),
    ),
]


@checks.add("values")
def _(L):
    z, labels = _data(781)
    value = as_scalar(L.xent(z, labels), "xent(z, labels)")
    assert_that(
        np.isfinite(value),
        msg("ex_7_2_fix3.loss_not_finite", value=value),
        loss=value,
    )
    assert_close(
        value,
        _want(z, labels)[0],
        rtol=1e-5,
        atol=1e-4,
        what="xent(z, labels)",
        msg=msg("ex_7_2_fix3.loss_differs"),
        mistakes=produced(MISTAKES, z, labels),
    )


@checks.add("grad", needs="values")
def _(L):
    import jax

    z, labels = _data(782)
    grad = R.finite(jax.jit(jax.grad(R.scalar_fn(L.xent)))(z, labels), msg("ex_7_2_fix3.grad_z"))
    assert_close(
        R.as_array(grad, msg("ex_7_2_fix3.grad_z"), shape=(5, 4)),
        _want(z, labels)[1],
        rtol=1e-4,
        atol=1e-6,
        what=msg("ex_7_2_fix3.grad_z"),
        msg=msg("ex_7_2_fix3.grad_differs"),
    )
