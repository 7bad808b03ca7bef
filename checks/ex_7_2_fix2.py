"""Repair 7.2-fix2: jnp.linalg.norm has a NaN gradient on zero rows -> a double where on the sum of
squares.

Checks: values with zero rows and tiny rows, zero rows exactly 0 ("values"; named: the norms of
the columns, and a threshold that turns the tiny row into 0); the gradient of a
weighted sum is finite, 0 on zero rows and v/‖v‖ elsewhere ("grad"); checkify finds no inf or NaN
made while differentiating ("clean")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    assert_close,
    assert_that,
    compare,
    fail,
    msg,
    rng,
)

checks = Checks("ex_7_2_fix2")


def _V(seed):
    import jax.numpy as jnp

    g = rng(seed)
    V = g.normal(size=(6, 3)).astype(np.float32)
    V[[1, 4]] = 0.0
    V[2] = np.float32(3e-7) * g.normal(size=3).astype(np.float32)
    return jnp.asarray(V)


def _want(V):
    V = np.asarray(V, np.float64)
    n = np.sqrt((V * V).sum(1))
    direction = np.where(n[:, None] > 0, V / np.where(n > 0, n, 1.0)[:, None], 0.0)
    return n, direction


_CHECKED = {}


def _checked_grad(L):
    """jit(checkify(grad of the weighted sum)), shared by the grad and clean checks."""
    import jax
    from jax.experimental import checkify

    if id(L.row_norms) not in _CHECKED:
        total, _ = _weighted(L)
        _CHECKED[id(L.row_norms)] = jax.jit(
            checkify.checkify(jax.grad(total), errors=checkify.float_checks)
        )
    return _CHECKED[id(L.row_norms)]


def _weighted(L):
    weights = np.arange(1.0, 7.0, dtype=np.float32)
    return lambda V: (L.row_norms(V) * weights).sum(), weights


def _zero_row_cause(V, out, zero) -> str:
    """A zero row's norm is not 0: the small number under the square root is named only when every
    row equals √(‖v‖² + ε) with ε = (a zero row's value)²; else only the value is shown."""
    eps = float(zero[0]) ** 2
    under_sqrt = np.sqrt(_want(V)[0] ** 2 + eps)
    if 0 < eps < 1e-2 and compare(out, under_sqrt, rtol=1e-4, atol=1e-7) is None:
        return msg("ex_7_2_fix2.zero_row_eps", got=zero.tolist(), eps=eps)
    return msg("ex_7_2_fix2.zero_row_not_zero", got=zero.tolist())


@checks.add("values")
def _(L):
    V = _V(771)
    raw = L.row_norms(V)
    columns = np.sqrt((np.asarray(V, np.float64) ** 2).sum(0))
    if np.shape(raw) == columns.shape and compare(raw, columns, rtol=1e-5, atol=1e-6) is None:
        fail(msg("ex_7_2_fix2.columns_reduced", shape=np.shape(raw)), actual=np.asarray(raw))
    out = R.as_array(raw, "row_norms(V)", shape=(6,))
    zero = out[[1, 4]]
    assert_that(np.all(zero == 0), _zero_row_cause(V, out, zero), actual=out)
    assert_close(
        out,
        _want(V)[0],
        rtol=1e-5,
        atol=0.0,
        what="row_norms(V)",
        msg=msg("ex_7_2_fix2.norms_differ"),
        mistakes=[
            Mistake("squared", _want(V)[0] ** 2, msg("ex_7_2_fix2.squared_norm")),
            Mistake("l1", np.abs(np.asarray(V, np.float64)).sum(1), msg("ex_7_2_fix2.l1_norm")),
            Mistake(
                "threshold",
                np.where(_want(V)[0] > 1e-5, _want(V)[0], 0.0),
                msg("ex_7_2_fix2.tiny_row_zeroed", norm=float(_want(V)[0][2])),
            ),
        ],
    )


@checks.add("grad", needs="values")
def _(L):

    V = _V(772)
    total, weights = _weighted(L)
    grad = R.as_array(_checked_grad(L)(V)[1], msg("ex_7_2_fix2.gradient"), shape=(6, 3))
    bad = ~np.isfinite(grad)
    assert_that(
        not bad.any(),
        msg("ex_7_2_fix2.nan_grad_on_zero_rows", count=int(bad.sum())),
        grad=grad,
    )
    assert_close(
        grad,
        weights[:, None] * _want(V)[1],
        rtol=1e-4,
        atol=1e-6,
        what=msg("ex_7_2_fix2.gradient"),
        msg=msg("ex_7_2_fix2.grad_not_unit"),
    )


@checks.add("clean", needs="grad")
def _(L):

    total, _ = _weighted(L)
    err, _ = _checked_grad(L)(_V(772))
    report = err.get()
    if report is not None:
        fail(
            msg("ex_7_2_fix2.inf_computed_inside", checkify=report.splitlines()[0].rstrip(".")),
        )
