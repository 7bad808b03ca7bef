"""Repair 7.4-fix2: x.mean(axis=0) inside the per-example loss becomes each example's own
statistics under vmap -> the batch statistics are passed in from outside.

Checks: per-example gradients with inputs standardised by the batch's column statistics equal
float64, the batch-mean gradient copied per row, per-sample statistics, the sample std (ddof=1),
one mean and std of the whole matrix, centring alone and scaling alone (no mean subtracted)
named as mistakes, on two batches of other
sizes, so that statistics kept from the first call cannot pass ("values"); the program
has as many primitives for B = 12 as for B = 4 ("program")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    assert_that,
    fail,
    msg,
    primitive_counts,
    rng,
    sub_jaxprs,
)

checks = Checks("ex_7_4_fix2")


def _data(seed, B, d=3):
    import jax.numpy as jnp

    g = rng(seed)
    params = {"w": R.floats(g, d), "b": jnp.float32(g.normal())}
    X = R.floats(g, B, d, scale=3.0) + 2.0
    X = X.at[:, 1].set(
        R.floats(g, B, scale=1e-6)
    )  # a column with std ≈ 1e-6: the 1e-6 in σ + 1e-6 counts
    Y = jnp.asarray((g.random(B) < 0.5).astype(np.float32))
    return params, X, Y


def _grads(params, Z, Y, sign=-1.0):
    """Per-example gradients of softplus(z) − y·z (sign = +1: of softplus(z) + y·z)."""
    w, b = np.asarray(params["w"], np.float64), float(params["b"])
    r = 1.0 / (1.0 + np.exp(-(Z @ w + b))) + sign * np.asarray(Y, np.float64)
    return {"w": r[:, None] * Z, "b": r}


def _standardised(X, axis, ddof=0):
    """float64 X standardised along axis (None: one mean and one std over the whole matrix)."""
    X = np.asarray(X, np.float64)
    return (X - X.mean(axis=axis, keepdims=True)) / (
        X.std(axis=axis, keepdims=True, ddof=ddof) + 1e-6
    )


def _row_reductions(fn, params, X, Y) -> set[bool]:
    """For every reduction of a (B, d) array along axis 1 in fn's program: whether it sits under
    vmap (the per-example function reducing its own x) or outside (X reduced along axis 1)."""
    import jax

    B, d = X.shape
    found: set[bool] = set()

    def walk(jaxpr, under_vmap: bool) -> None:
        for eqn in jaxpr.eqns:
            here = under_vmap or "vmap(" in str(eqn.source_info.name_stack)
            operand = getattr(eqn.invars[0].aval, "shape", None) if eqn.invars else None
            axes = tuple(int(a) for a in eqn.params.get("axes", ()))
            if eqn.primitive.name.startswith("reduce_") and operand == (B, d) and axes == (1,):
                found.add(here)
            for value in eqn.params.values():
                for sub in sub_jaxprs(value):
                    walk(sub, here)

    try:
        walk(jax.make_jaxpr(fn)(params, X, Y).jaxpr, False)
    except Exception:  # the call itself ran under jit; a failure here only leaves the cause unsaid
        return set()
    return found


def _own_stats_cause(fn, params, X, Y) -> str:
    """Why each example got its own statistics, said only when the program shows it."""
    found = _row_reductions(fn, params, X, Y)
    if found == {True}:
        return msg("ex_7_4_fix2.per_sample_stats")
    if found == {False}:
        return msg("ex_7_4_fix2.stats_along_axis_1")
    return msg("ex_7_4_fix2.own_stats")


@checks.add("values")
def _(L):
    import jax

    step = jax.jit(L.per_example_grads)
    _verify(L, step, *_data(841, 6))
    # a second batch of other data and size: statistics kept from the first call are caught here
    # (under jit what was kept is a tracer of the first trace)
    _verify(L, step, *_data(842, 9))


def _formula_slips(params, X, Y, want) -> list[Mistake]:
    """The loss's label term with + (gradient σ + y), the inputs divided by the variance instead
    of the std, the batch mean with each example's own std, and every gradient divided by the batch
    size B."""
    X64 = np.asarray(X, np.float64)
    by_var = (X64 - X64.mean(0)) / (X64.var(0) + 1e-6)
    B = X64.shape[0]
    return [
        Mistake(
            "label_sign",
            _grads(params, _standardised(X, 0), Y, sign=1.0),
            msg("ex_7_4_fix2.label_sign"),
        ),
        Mistake("variance", _grads(params, by_var, Y), msg("ex_7_4_fix2.divided_by_variance")),
        Mistake(
            "own_std",  # the batch mean passed in, each example's own std kept
            _grads(params, (X64 - X64.mean(0)) / (X64.std(1, keepdims=True) + 1e-6), Y),
            msg("ex_7_4_fix2.batch_mean_own_std"),
        ),
        Mistake(
            "over_batch",
            {k: v / B for k, v in want.items()},
            msg("ex_7_4_fix2.divided_by_batch", B=B),
        ),
    ]


def _verify(L, step, params, X, Y) -> None:
    """per_example_grads(params, X, Y) against float64, its usual mistakes named."""
    B, d = X.shape
    out = step(params, X, Y)
    if not isinstance(out, dict) or set(out) != {"w", "b"}:
        fail(msg("ex_7_4_fix2.not_a_grad_dict"), actual=repr(out)[:200])
    out = {
        "w": as_array(out["w"], msg("ex_7_4_fix2.grad_w"), shape=(B, d)),
        "b": as_array(out["b"], msg("ex_7_4_fix2.grad_b"), shape=(B,)),
    }
    want = _grads(params, _standardised(X, 0), Y)
    assert_close(
        out,
        want,
        rtol=1e-4,
        atol=1e-5,
        what=f"per_example_grads(params, X, Y) (B = {B})",
        msg=msg("ex_7_4_fix2.grads_differ"),
        mistakes=[
            Mistake(
                "batch_mean",
                {k: np.broadcast_to(v.mean(0), v.shape) for k, v in want.items()},
                msg("ex_7_4_fix2.batch_mean_grad"),
            ),
            Mistake(
                "own_stats",
                _grads(params, _standardised(X, 1), Y),
                _own_stats_cause(L.per_example_grads, params, X, Y),
            ),
            Mistake(
                "sample_std",
                _grads(params, _standardised(X, 0, ddof=1), Y),
                msg("ex_7_4_fix2.sample_std"),
            ),
            Mistake(
                "whole_matrix",
                _grads(params, _standardised(X, None), Y),
                msg("ex_7_4_fix2.whole_matrix_stats"),
            ),
            Mistake(
                "raw_inputs",
                _grads(params, np.asarray(X, np.float64), Y),
                msg("ex_7_4_fix2.raw_inputs"),
            ),
            Mistake(
                "centred_only",
                _grads(params, np.asarray(X, np.float64) - np.asarray(X, np.float64).mean(0), Y),
                msg("ex_7_4_fix2.centred_only"),
            ),
            Mistake(
                "scaled_only",
                _grads(
                    params,
                    np.asarray(X, np.float64) / (np.std(np.asarray(X, np.float64), 0) + 1e-6),
                    Y,
                ),
                msg("ex_7_4_fix2.scaled_only"),
            ),
            *_formula_slips(params, X, Y, want),
        ],
    )


@checks.add("program", needs="values")
def _(L):
    sizes = {}
    for B in (4, 12):
        params, X, Y = _data(842, B)
        sizes[B] = sum(primitive_counts(L.per_example_grads, params, X, Y).values())
    assert_that(
        sizes[12] <= sizes[4],
        msg("ex_7_4_fix2.unrolled_per_sample", small=sizes[4], large=sizes[12]),
        primitives_B4=sizes[4],
        primitives_B12=sizes[12],
    )
