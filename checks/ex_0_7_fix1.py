"""Repair 0.7-fix1: a Python `if` on a tracer raises TracerBoolConversionError under jit and vmap ->
jnp.where(x > 0, x / (1 + x), x / (1 − x)).

Checks: values under jit on random scalars, one call each ("jit"), values under vmap and
derivatives under vmap(grad) ("vmap_grad"), values of a direct call on an array ("array": a
lax.cond, which needs one scalar predicate, passes the first two and fails here). An `if` on a
tracer is named only when the call raised TracerBoolConversionError, a static x only when jit
refused to hash it; one branch for every element, the branches swapped, or x returned unchanged
for x ≤ 0 only when the result equals it; and a wrong branch only when the result is right for
every element on one side of 0 and wrong for every element on the other."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import Checks, Mistake, as_array, assert_close, msg, rng

checks = Checks("ex_0_7_fix1")


def _xs(seed):
    x = rng(seed).normal(0.0, 2.0, size=9)
    x[np.abs(x + 1.0) < 0.2] += 0.5  # keep away from x = −1, where 1 − x is fine but 1 + x is 0
    return x.astype(np.float32)


def _values(x):
    x = x.astype(np.float64)
    return np.where(x > 0, x / (1.0 + x), x / (1.0 - x))


def _slopes(x):
    x = x.astype(np.float64)
    return np.where(x > 0, 1.0 / (1.0 + x) ** 2, 1.0 / (1.0 - x) ** 2)


def _symptoms():
    return {
        "TracerBoolConversionError": msg("ex_0_7_fix1.if_on_tracer"),
        "word:Non-hashable static arguments": msg("ex_0_7_fix1.static_x"),
    }


def _one_side(got, x):
    """The message naming the branch that is wrong when the result is right on one side of 0 and
    wrong for every element of the other; else the plain difference."""
    want = _values(x)
    ok = np.abs(got - want) <= 1e-6 + 1e-5 * np.abs(want)
    pos = x > 0
    if pos.any() and (~pos).any() and ok[pos].all() and not ok[~pos].any():
        return msg(
            "ex_0_7_fix1.wrong_for_nonpositive", right=int(pos.sum()), wrong=int((~pos).sum())
        )
    if pos.any() and (~pos).any() and ok[~pos].all() and not ok[pos].any():
        return msg("ex_0_7_fix1.wrong_for_positive", right=int((~pos).sum()), wrong=int(pos.sum()))
    return msg("ex_0_7_fix1.values_differ")


def _compare(out, x, what):
    x64 = x.astype(np.float64)
    got = as_array(out, what, shape=x.shape)
    pos = x64 > 0
    assert_close(
        got,
        _values(x),
        rtol=1e-5,
        atol=1e-6,
        what=what,
        msg=_one_side(np.asarray(got, np.float64), x64),
        mistakes=[
            Mistake("negative_branch", x64 / (1.0 - x64), msg("ex_0_7_fix1.one_branch")),
            Mistake("positive_branch", x64 / (1.0 + x64), msg("ex_0_7_fix1.positive_branch")),
            Mistake(
                "branches_swapped",
                np.where(pos, x64 / (1.0 - x64), x64 / (1.0 + x64)),
                msg("ex_0_7_fix1.branches_swapped"),
            ),
            Mistake(
                "nonpositive_negated",
                np.where(pos, x64 / (1.0 + x64), -x64 / (1.0 - x64)),
                msg("ex_0_7_fix1.nonpositive_negated"),
            ),
            Mistake(
                "nonpositive_unchanged",
                np.where(pos, x64 / (1.0 + x64), x64),
                msg("ex_0_7_fix1.nonpositive_unchanged"),
            ),
            Mistake("tanh", np.tanh(x64), msg("ex_0_7_fix1.tanh")),
            Mistake(
                "no_parentheses",
                np.where(pos, 2 * x64, x64 / (1.0 - x64)),
                msg(
                    "ex_0_7_fix1.no_parentheses",
                    side="x > 0",
                    wrote="x / 1 + x",
                    want="x / (1 + x)",
                ),
            ),
            Mistake(  # x / 1 − x is 0 too: a missing branch and missing parentheses look alike
                "zero_for_nonpositive",
                np.where(pos, x64 / (1.0 + x64), 0.0 * x64),
                msg("ex_0_7_fix1.zero_for_nonpositive"),
            ),
            Mistake("squared", x64 / (1.0 + x64**2), msg("ex_0_7_fix1.squared")),
        ],
    )


@checks.add("jit")
def _(L):
    import jax
    import jax.numpy as jnp

    x = _xs(131)
    fn = jax.jit(L.soft_sign)
    outs = []
    for v in x:  # one traced scalar at a time, as the lesson's soft_sign(3.0)
        what = f"jax.jit(soft_sign)({float(v):.3f})"
        out = R.call(fn, jnp.float32(v), what=what, symptoms=_symptoms())
        outs.append(as_array(out, what, ndim=0))
    _compare(np.stack(outs), x, "jax.jit(soft_sign)")


@checks.add("vmap_grad")
def _(L):
    import jax
    import jax.numpy as jnp

    x = _xs(132)
    what = "jax.vmap(soft_sign)(x)"
    out = R.call(jax.vmap(L.soft_sign), jnp.asarray(x), what=what, symptoms=_symptoms())
    _compare(out, x, what)
    what = "jax.vmap(jax.grad(soft_sign))(x)"
    slopes = R.call(
        jax.vmap(jax.grad(L.soft_sign)), jnp.asarray(x), what=what, symptoms=_symptoms()
    )
    assert_close(
        as_array(slopes, what, shape=x.shape),
        _slopes(x),
        rtol=1e-5,
        atol=1e-6,
        what=what,
        msg=msg("ex_0_7_fix1.slopes_differ"),
    )


@checks.add("array", needs=("jit", "vmap_grad"))
def _(L):
    import jax.numpy as jnp

    x = _xs(133)
    what = "soft_sign(x)"
    symptoms = {"word:Pred must be a scalar": msg("ex_0_7_fix1.cond_needs_scalar")}
    out = R.call(L.soft_sign, jnp.asarray(x), what=what, symptoms=symptoms)
    _compare(out, x, what)
