"""Repair exercise a1.4-fix1: jax.grad cannot go through a while_loop → with a fixed number of
steps, use fori_loop (constant bounds = a scan).

Checks: x⁵ on fresh points ("value"); reverse-mode jax.grad gives 5x⁴ ("grad"); the program is
one scan loop — no while, no unrolled or closed form ("loop")."""

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import _repair_a1 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    fail,
    later,
    msg,
    primitive_counts,
    rng,
    scan_lengths,
    skip,
)

checks = Checks("ex_a1_4_fix1")

WHILE_GRAD = "word:Reverse-mode differentiation does not work for lax.while_loop"
SYMPTOMS = {WHILE_GRAD: later("ex_a1_4_fix1.grad_through_while")}
# the same error when the while loop is lax.fori_loop's own, made for bounds that are arrays
FORI_SYMPTOMS = {WHILE_GRAD: later("ex_a1_4_fix1.fori_array_bound")}


def _fori_made_while(L) -> bool:
    """lax.fori_loop itself staged a while loop: its bounds were traced values, not ints."""
    import jax.numpy as jnp

    try:
        return A1.while_loops_from_fori(L.power5, jnp.float32(1.3)) > 0
    except Exception:  # a program that cannot be traced: the check's own call reports it
        return False


def _grad_hits_while(L) -> bool:
    """Whether jit(grad(power5)) raises JAX's error about reverse mode through a while loop (so
    check grad failed with the words about that loop)."""
    import jax
    import jax.numpy as jnp

    try:
        jax.jit(jax.grad(L.power5))(jnp.float32(1.3))  # as check grad calls it: under jit
    except Exception as e:  # the probe is ours: only that error's words are looked for
        return WHILE_GRAD[5:] in str(e)
    return False


def _points():
    return rng(751).uniform(-1.5, 1.5, size=5).astype(np.float32)


def _one_extra_cause(L) -> str:
    """Why the result is x⁶, read from the loop's length: a scan of 6 steps ran once too often; a
    scan of 5 steps started its carry at x. Otherwise both causes stay possible and are said."""
    import jax
    import jax.numpy as jnp

    try:
        lengths = scan_lengths(jax.make_jaxpr(L.power5)(jnp.float32(1.3)))
    except Exception:  # noqa: BLE001 - the probe is ours: a failure of it names no cause
        lengths = []
    if lengths == [6]:
        return msg("ex_a1_4_fix1.one_extra_step")
    if lengths == [5]:
        return msg("ex_a1_4_fix1.one_extra_start")
    return msg("ex_a1_4_fix1.one_extra")


@checks.add("value")
def _(L):
    import jax.numpy as jnp

    xs = _points()
    got = [as_array(L.power5(jnp.float32(x)), f"power5({x:.3f})", ndim=0) for x in xs]
    x64 = xs.astype(np.float64)
    assert_close(
        np.array(got, np.float64),
        x64**5,
        rtol=1e-5,
        atol=1e-6,
        what="power5(x)",
        msg=msg("ex_a1_4_fix1.value_differs"),
        mistakes=[
            Mistake("four", x64**4, msg("ex_a1_4_fix1.one_short")),
            Mistake("six", x64**6, _one_extra_cause(L)),
            Mistake("added", 1 + 5 * x64, msg("ex_a1_4_fix1.added_not_multiplied")),
            Mistake("from_zero", 0 * x64, msg("ex_a1_4_fix1.starts_from_zero")),
            Mistake("two_factors", x64**10, msg("ex_a1_4_fix1.two_factors_per_step")),
            # acc * acc from acc = x: 4 or 5 squarings (from 1.0 the product stays 1, "one_short"
            # and the rest do not match; a constant 1 is told as a difference)
            Mistake("squared_4", x64**16, msg("ex_a1_4_fix1.squares_acc", power="¹⁶", n=4)),
            Mistake("squared_5", x64**32, msg("ex_a1_4_fix1.squares_acc", power="³²", n=5)),
        ],
    )


@checks.add("grad", needs="value")
def _(L):
    import jax
    import jax.numpy as jnp

    grad = jax.jit(jax.vmap(jax.grad(L.power5)))  # every point in one compiled program
    got = as_array(
        R.call(
            grad,
            jnp.asarray(_points()),
            what="jax.jit(jax.vmap(jax.grad(power5)))",
            symptoms=FORI_SYMPTOMS if _fori_made_while(L) else SYMPTOMS,
        ),
        msg("ex_a1_4_fix1.grad_values"),
        shape=(len(_points()),),
    )
    xs = _points().astype(np.float64)
    assert_close(
        got,
        5 * xs**4,
        rtol=1e-5,
        atol=1e-5,
        what="jax.grad(power5)",
        msg=msg("ex_a1_4_fix1.grad_differs"),
        mistakes=[
            Mistake(
                "zero",
                np.zeros_like(xs),
                # the advice depends on the loop: a while loop still has to go; a scan only
                # needs the stop_gradient removed
                (
                    msg("ex_a1_4_fix1.stop_gradient")
                    if "while" in primitive_counts(L.power5, jnp.float32(1.3))
                    else msg("ex_a1_4_fix1.stop_gradient_in_scan")
                ),
            )
        ],
    )


@checks.add("loop", needs="value")
def _(L):
    import jax.numpy as jnp

    prims = primitive_counts(L.power5, jnp.float32(1.3))
    if "while" in prims and _grad_hits_while(L):
        skip(msg("ex_a1_4_fix1.while_named_above"), covered_by="grad")
    if "while" in prims:
        fail(
            (
                msg("ex_a1_4_fix1.fori_array_bound")
                if _fori_made_while(L)
                else msg("ex_a1_4_fix1.while_left")
            ),
            primitives=sorted(prims),
        )
    if "scan" not in prims:
        unrolled = prims.get("mul", 0) + prims.get("integer_pow", 0) + prims.get("pow", 0)
        why = (
            msg("ex_a1_4_fix1.unrolled", n=prims.get("mul", 0))
            if prims.get("mul", 0) >= 4
            else msg("ex_a1_4_fix1.no_loop")
        )
        fail(
            msg("ex_a1_4_fix1.no_scan", why=why),
            primitives=sorted(prims),
            multiplications=unrolled,
        )
