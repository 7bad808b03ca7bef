"""Repair 7.2-fix1: sinc with a single where has a NaN gradient at 0 -> a double where, with the
safe value inside the domain.

Checks: values with zeros against float64 ("values"; named: 0 at x = 0, the normalized
sin(πx)/(πx) of jnp.sinc, and sin(1)/1 there when the safe value 1.0 is swapped in with no outer
where); the gradient is finite (a finite number divided by the raw x at 0 named when the program
computes one), exactly 0 at x = 0 and analytic elsewhere ("grad"); checkify finds
no NaN made in the forward or backward pass ("clean")."""

import _repair_ch7 as R
import numpy as np
from _ch7_raw_divisor import why_nan_grad

from tutor.worker.checklib import (
    Checks,
    Mistake,
    assert_close,
    assert_that,
    compare,
    fail,
    msg,
    primitive_counts,
    rng,
)

checks = Checks("ex_7_2_fix1")


def _x(seed):
    import jax.numpy as jnp

    g = rng(seed)
    x = g.uniform(-4.0, 4.0, size=7).astype(np.float32)
    x[[1, 4]] = 0.0
    return jnp.asarray(x)


def _want(x):
    x = np.asarray(x, np.float64)
    safe = np.where(x == 0, 1.0, x)
    return np.where(x == 0, 1.0, np.sin(safe) / safe), np.where(
        x == 0, 0.0, np.cos(safe) / safe - np.sin(safe) / safe**2
    )


def _total(L):
    return lambda x: L.sinc(x).sum()


_CHECKED = {}


def _checked_grad(L):
    """jit(checkify(grad)): the gradient and the float-check report from one compiled program,
    shared by the grad and clean checks."""
    import jax
    from jax.experimental import checkify

    if id(L.sinc) not in _CHECKED:
        _CHECKED[id(L.sinc)] = jax.jit(
            checkify.checkify(jax.grad(_total(L)), errors=checkify.float_checks)
        )
    return _CHECKED[id(L.sinc)]


def _zero_at_zero(L) -> str:
    """Why sinc(0) is 0, read from the learner's gradient at 0: exactly 0 means the output there
    is a constant the where selects (the fill is 0.0); a huge finite one is 1/ε, a small number
    added to the denominator. When the gradient says neither (1/ε² underflows to a NaN), the values
    near 0 may still show that ε: `_eps_in_denominator`. Anything else names no cause."""
    import jax
    import jax.numpy as jnp

    try:
        g = float(np.asarray(jax.grad(lambda t: L.sinc(t).sum())(jnp.zeros(1, jnp.float32)))[0])
    except Exception:  # the probe is ours: a failure of it names nothing
        return msg("ex_7_2_fix1.zero_at_zero_plain")
    if g == 0.0:
        return msg("ex_7_2_fix1.zero_filled")
    if np.isfinite(g) and abs(g) > 1e3:
        return msg("ex_7_2_fix1.zero_at_zero", grad=g)
    eps = _eps_in_denominator(L)
    if eps is not None:
        return msg("ex_7_2_fix1.zero_at_zero_eps", eps=eps)
    if np.isfinite(g):  # a modest slope at 0: something computed from x stands there, not 1.0
        return msg("ex_7_2_fix1.zero_not_limit", grad=g)
    return msg("ex_7_2_fix1.zero_at_zero_plain")


def _eps_in_denominator(L) -> float | None:
    """The ε of sin(x)/(x + ε), when the learner's sinc behaves so near 0: at a tiny x its value is
    x/(x + ε); ε is solved from the first tiny x (10⁻¹, 10⁻², …) whose value lies in (0.05, 0.95),
    then must predict the value at ten times that x and at a tenth of it. None otherwise."""
    import jax.numpy as jnp

    def value(t: float) -> float:
        return float(np.asarray(L.sinc(jnp.asarray([t], jnp.float32)))[0])

    try:
        for k in range(1, 38):
            t = 10.0**-k
            v = value(t)
            if 0.05 < v < 0.95:
                eps = t * (1.0 - v) / v
                if all(abs(value(s) - s / (s + eps)) < 2e-3 for s in (10 * t, t / 10)):
                    return eps
                return None
    except Exception:  # the probe is ours: a failure of it names nothing
        return None
    return None


@checks.add("values")
def _(L):
    x = _x(761)
    out = R.as_array(L.sinc(x), "sinc(x)", shape=x.shape)
    zero_at_0 = np.where(np.asarray(x) == 0, 0.0, _want(x)[0])
    zero_cause = (
        _zero_at_zero(L)
        if compare(out, zero_at_0, rtol=1e-5, atol=1e-6) is None
        else msg("ex_7_2_fix1.zero_at_zero_plain")
    )
    assert_close(
        out,
        _want(x)[0],
        rtol=1e-5,
        atol=1e-6,
        what="sinc(x)",
        msg=msg("ex_7_2_fix1.not_sinc"),
        mistakes=[
            Mistake("zero_at_0", zero_at_0, zero_cause),
            Mistake(
                "normalized",
                np.sinc(np.asarray(x, np.float64)),
                msg("ex_7_2_fix1.normalized_sinc"),
            ),
            Mistake(
                "outer_where_missing",
                np.where(np.asarray(x) == 0, np.sin(1.0), _want(x)[0]),
                msg("ex_7_2_fix1.outer_where_missing"),
            ),
        ],
    )
    at_zero = out[np.asarray(x) == 0]
    assert_close(
        at_zero,
        np.ones_like(at_zero),
        rtol=1e-5,
        atol=1e-8,
        what="sinc(0)",
        msg=msg("ex_7_2_fix1.one_at_zero"),
    )


@checks.add("grad", needs="values")
def _(L):

    x = _x(762)
    grad = R.as_array(_checked_grad(L)(x)[1], "jax.grad(sinc(x).sum())(x)", shape=x.shape)
    bad = ~np.isfinite(grad)
    assert_that(
        not bad.any(),
        why_nan_grad(L, x, int(bad.sum())) if bad.any() else "",
        x=np.asarray(x),
        grad=grad,
    )
    want = _want(x)[1]
    detached = []
    if compare(grad, want, rtol=1e-4, atol=1e-6) is not None:  # its cause only once it differs
        detached = [Mistake("detached", np.zeros_like(want), _detached_cause(L, x))]
        eps = _eps_in_denominator(L)
        if eps is not None:  # sin(x)/(x + ε): its slope, 0 where the outer where holds 1
            x64 = np.asarray(x, np.float64)
            slope = np.cos(x64) / (x64 + eps) - np.sin(x64) / (x64 + eps) ** 2
            said = msg("ex_7_2_fix1.grad_eps_in_denominator", eps=eps)
            detached.append(Mistake("eps_in_denominator", np.where(x64 == 0, 0.0, slope), said))
    zero = np.asarray(x) == 0
    only_at_zero = compare(grad[~zero], want[~zero], rtol=1e-4, atol=1e-6) is None and np.any(
        grad[zero] != 0
    )
    assert_close(
        grad,
        want,
        rtol=1e-4,
        atol=1e-6,
        what=msg("ex_7_2_fix1.gradient"),
        msg=msg("ex_7_2_fix1.grad_not_analytic")
        + (msg("ex_7_2_fix1.slope_at_zero", g=float(grad[zero][0])) if only_at_zero else ""),
        mistakes=detached,
    )


def _detached_cause(L, x) -> str:
    """Why a gradient is 0 everywhere, said when computed: sinc's program holds a stop_gradient
    (and whether checkify still finds a NaN made while differentiating), or only that the output
    is a constant to differentiation."""
    try:
        stopped = "stop_gradient" in primitive_counts(L.sinc, x)
        report = _checked_grad(L)(x)[0].get()
    except Exception:  # the probe is ours: a failure of it names nothing
        return msg("ex_7_2_fix1.grad_constant")
    if not stopped:
        return msg("ex_7_2_fix1.grad_constant")
    still = (
        msg("ex_7_2_fix1.stopped_still_computes", checkify=report.splitlines()[0].rstrip("."))
        if report is not None
        else ""
    )
    return msg("ex_7_2_fix1.grad_stopped", still=still)


@checks.add("clean", needs="grad")
def _(L):

    x = _x(762)
    # the gradient's program contains the forward pass too: one checkify covers both
    err, _ = _checked_grad(L)(x)
    report = err.get()
    if report is not None:
        first = report.splitlines()[0].rstrip(".")
        # a division by zero is the safe value 0 itself; another NaN (a tiny safe value whose
        # square underflows, say) says only that the value swapped in still makes one
        if "division by zero" in first.lower():
            fail(msg("ex_7_2_fix1.nan_computed_inside", checkify=first))
        fail(msg("ex_7_2_fix1.nan_made_near_safe", checkify=first))
