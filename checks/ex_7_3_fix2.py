"""Repair 7.3-fix2: the full Jacobian with large n and small m used jacfwd -> jacrev.

Checks: the (m, n) Jacobian of B·tanh(A·x) on fresh data equals float64, a transposed result, the
gradient of the summed outputs, one output's row and every row the last output's (a late-bound
loop index) are named ("values"); no intermediate array
in the program exceeds m×n elements ("mode")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    assert_close,
    compare,
    fail,
    msg,
    rng,
    sub_jaxprs,
)

checks = Checks("ex_7_3_fix2")
M, H, N = 2, 24, 90


def _data(seed):
    g = rng(seed)
    return R.floats(g, N), R.floats(g, H, N, scale=N**-0.5), R.floats(g, M, H)


def _want(x, A, B, square=True, outer=False):
    """B·diag(1 − tanh²(A·x))·A in float64 (square=False: 1 − tanh, the slope not squared;
    outer=True: (1 − tanh)², the square taken of the difference)."""
    A64, B64 = np.asarray(A, np.float64), np.asarray(B, np.float64)
    t = np.tanh(A64 @ np.asarray(x, np.float64))
    slope = (1.0 - t) ** 2 if outer else 1.0 - (t**2 if square else t)
    return B64 @ (slope[:, None] * A64)


def _wrt_A(x, A, B):
    """The Jacobian of B·tanh(A·x) with respect to A: [i, h, j] = B[i, h]·(1 − tanh²)[h]·x[j]."""
    A64, B64, x64 = (np.asarray(a, np.float64) for a in (A, B, x))
    slope = 1.0 - np.tanh(A64 @ x64) ** 2
    return (B64 * slope)[:, :, None] * x64[None, None, :]


@checks.add("values")
def _(L):
    x, A, B = _data(831)
    out = R.as_array(L.sensitivities(x, A, B), "sensitivities(x, A, B)")
    if out.shape == (N, M) and compare(out.T, _want(x, A, B), rtol=1e-4, atol=1e-5) is None:
        fail(
            _transposed_how(L.sensitivities, x, A, B, shape=out.shape),
            actual_shape=str(out.shape),
        )
    if out.shape == (N,):  # one row of n: what a gradient of a scalar built from the outputs gives
        jac = _want(x, A, B)
        if compare(out, jac.sum(0), rtol=1e-4, atol=1e-5) is None:
            what = msg("ex_7_3_fix2.summed_outputs")
            fail(msg("ex_7_3_fix2.gradient_row", shape=out.shape, m=M, n=N, what=what))
        for i in range(M):
            if compare(out, jac[i], rtol=1e-4, atol=1e-5) is None:
                what = msg("ex_7_3_fix2.one_output", i=i)
                fail(msg("ex_7_3_fix2.one_output_row", shape=out.shape, m=M, n=N, what=what))
    if out.shape == (M, H, N) and compare(out, _wrt_A(x, A, B), rtol=1e-4, atol=1e-5) is None:
        fail(msg("ex_7_3_fix2.jacobian_wrt_A", shape=out.shape, m=M, n=N))
    if out.shape == (H, N):  # the hidden layer's Jacobian: tanh(A·x) differentiated, B left out
        A64, x64 = np.asarray(A, np.float64), np.asarray(x, np.float64)
        hidden = (1.0 - np.tanh(A64 @ x64) ** 2)[:, None] * A64
        if compare(out, hidden, rtol=1e-4, atol=1e-5) is None:
            fail(msg("ex_7_3_fix2.hidden_layer_only", shape=out.shape, m=M, n=N))
    out = R.as_array(out, "sensitivities(x, A, B)", shape=(M, N))
    last = _want(x, A, B)[M - 1]
    assert_close(
        out,
        _want(x, A, B),
        rtol=1e-4,
        atol=1e-5,
        what="sensitivities(x, A, B)",
        msg=msg("ex_7_3_fix2.jacobian_differs"),
        mistakes=[
            Mistake("late_bound", np.tile(last, (M, 1)), msg("ex_7_3_fix2.late_bound", last=M - 1)),
            Mistake(
                "no_tanh_derivative",
                np.asarray(B, np.float64) @ np.asarray(A, np.float64),
                msg("ex_7_3_fix2.tanh_derivative_missing"),
            ),
            Mistake(
                "tanh_not_squared",
                _want(x, A, B, square=False),
                msg("ex_7_3_fix2.tanh_not_squared"),
            ),
            Mistake(
                "difference_squared",
                _want(x, A, B, outer=True),
                msg("ex_7_3_fix2.difference_squared"),
            ),
        ],
    )


def _transposed_how(fn, *args, shape) -> str:
    """The message for a result that is the Jacobian transposed, by the operation that makes the
    result (through jit wrappers): an explicit transpose, rows stacked along axis 1 (by a stack or
    concatenate, or by vmap's out_axes=1, whose transpose JAX stages under vmap's name), or
    neither."""
    import jax

    try:
        jaxpr = jax.make_jaxpr(fn)(*args).jaxpr
    except Exception:  # the learner's function does not trace: say only what the values show
        return msg("ex_7_3_fix2.transposed_shape", shape=shape, m=M, n=N)
    var = jaxpr.outvars[0]
    while True:
        eqn = next((e for e in jaxpr.eqns if var in e.outvars), None)
        inner = eqn.params.get("jaxpr") if eqn is not None else None
        if eqn is None or inner is None or not hasattr(inner, "jaxpr"):
            break
        jaxpr, var = inner.jaxpr, inner.jaxpr.outvars[eqn.outvars.index(var)]
    if eqn is None:
        return msg("ex_7_3_fix2.transposed_shape", shape=shape, m=M, n=N)
    name, p = eqn.primitive.name, eqn.params
    if name == "transpose" and "vmap" in str(eqn.source_info.name_stack):
        # vmap moves its mapped axis to out_axes with a transpose of its own
        return msg("ex_7_3_fix2.rows_mapped_as_columns", shape=shape, m=M, n=N)
    if name == "transpose":
        return msg("ex_7_3_fix2.transposed", shape=shape, m=M, n=N)
    if (name == "stack" and p.get("axis") == 1) or (
        name == "concatenate" and p.get("dimension") == 1
    ):
        return msg("ex_7_3_fix2.rows_stacked_as_columns", shape=shape, m=M, n=N)
    return msg("ex_7_3_fix2.transposed_shape", shape=shape, m=M, n=N)


@checks.add("mode", needs="values")
def _(L):
    x, A, B = _data(832)
    size, shape, prim = R.largest_intermediate(L.sensitivities, x, A, B)
    if size > M * N:
        # a forward-mode Jacobian pushes the n×n identity basis (one tangent per input) through
        # the program; without it, an (h, n) array is diag(1 − tanh²)·A built by a formula
        if _has_shape(L.sensitivities, (N, N), x, A, B):
            why = msg("ex_7_3_fix2.axis_of_length_n", n=N)
        elif tuple(shape) in ((H, N), (N, H)):
            why = msg("ex_7_3_fix2.scaled_a_built", shape=shape)
        else:
            why = msg("ex_7_3_fix2.big_array_built")
        fail(
            msg(
                "ex_7_3_fix2.intermediate_too_big",
                shape=shape,
                size=size,
                m=M,
                n=N,
                why=why,
            ),
            shape=str(shape),
            primitive=prim,
        )


def _has_shape(fn, shape, *args) -> bool:
    """Whether fn's program (sub-programs included) computes or reads an array of `shape`."""
    import jax

    stack = [jax.make_jaxpr(fn)(*args).jaxpr]
    while stack:
        jaxpr = stack.pop()
        for eqn in jaxpr.eqns:
            for var in (*eqn.invars, *eqn.outvars):
                if tuple(getattr(getattr(var, "aval", None), "shape", ())) == shape:
                    return True
            for value in eqn.params.values():
                stack.extend(sub_jaxprs(value))
    return False
