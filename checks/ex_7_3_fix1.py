"""Repair 7.3-fix1: jacfwd(f)(x) @ v builds the whole m×n J first -> one jvp.

Checks: J·v on fresh data against float64 ("values"; a ValueError from a function that, given a
vector of the output's size, returns uᵀJ is named: a VJP where a JVP is needed; so is a tangent
of ones, or A itself, given to A as well); the program
computes no intermediate array of m×n elements or more ("program")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, assert_close, compare, fail, msg, rng

checks = Checks("ex_7_3_fix1")
M, N = 9, 6


def _data(seed):
    g = rng(seed)
    return R.floats(g, N), R.floats(g, M, N, scale=N**-0.5), R.floats(g, N)


def _jacobian(x, A):
    A64 = np.asarray(A, np.float64)
    return (1.0 - np.tanh(A64 @ np.asarray(x, np.float64)) ** 2)[:, None] * A64


def _with_ones_tangent(x, A, v):
    """What jax.jvp gives when A also gets a tangent of ones: (1 − tanh²(A·x))·(A·v + Σx)."""
    A64, x64 = np.asarray(A, np.float64), np.asarray(x, np.float64)
    slope = 1.0 - np.tanh(A64 @ x64) ** 2
    return slope * (A64 @ np.asarray(v, np.float64) + x64.sum())


def _with_a_as_tangent(x, A, v):
    """What jax.jvp gives when A is its own tangent: (1 − tanh²(A·x))·(A·v + A·x)."""
    A64, x64 = np.asarray(A, np.float64), np.asarray(x, np.float64)
    return (1.0 - np.tanh(A64 @ x64) ** 2) * (A64 @ np.asarray(v, np.float64) + A64 @ x64)


def _is_vjp(L, x, A) -> bool:
    """Whether directional computes uᵀJ: given a vector u of the output's size m in place of v,
    it returns Jᵀu (length n) in float64 tolerance; shown by running it."""
    import jax.numpy as jnp

    u = rng(813).standard_normal(M).astype(np.float32)
    try:
        got = np.asarray(L.directional(x, A, jnp.asarray(u)), np.float64)
    except Exception:  # the probe is ours: any failure only means it is not shown
        return False
    want = _jacobian(x, A).T @ u.astype(np.float64)
    return got.shape == want.shape and compare(got, want, rtol=1e-4, atol=1e-5) is None


@checks.add("values")
def _(L):
    from tutor.worker.checklib import Mistake

    x, A, v = _data(811)
    J = _jacobian(x, A)
    try:
        raw = L.directional(x, A, v)
    except ValueError as e:
        if not _is_vjp(L, x, A):
            raise
        fail(
            msg(
                "_repair_ch7.raised",
                what="directional",
                error="ValueError",
                why=msg("ex_7_3_fix1.vjp_not_jvp", m=M, n=N),
            ),
            error=R.first_line(e),
        )
    out = R.as_array(raw, "directional(x, A, v)", shape=(M,))
    assert_close(
        out,
        J @ np.asarray(v, np.float64),
        rtol=1e-4,
        atol=1e-5,
        what="directional(x, A, v)",
        msg=msg("ex_7_3_fix1.not_jv"),
        mistakes=[
            Mistake(
                "no_tanh_derivative",
                np.asarray(A, np.float64) @ np.asarray(v, np.float64),
                msg("ex_7_3_fix1.tanh_derivative_missing"),
            ),
            Mistake(
                "tanh_not_squared",
                (1.0 - np.tanh(np.asarray(A, np.float64) @ np.asarray(x, np.float64)))
                * (np.asarray(A, np.float64) @ np.asarray(v, np.float64)),
                msg("ex_7_3_fix1.tanh_not_squared"),
            ),
            Mistake(
                "ones_tangent_for_a",
                _with_ones_tangent(x, A, v),
                msg("ex_7_3_fix1.a_moved_too"),
            ),
            Mistake("a_own_tangent", _with_a_as_tangent(x, A, v), msg("ex_7_3_fix1.a_own_tangent")),
            Mistake(
                "primal_returned",
                np.tanh(np.asarray(A, np.float64) @ np.asarray(x, np.float64)),
                msg("ex_7_3_fix1.primal_returned"),
            ),
            Mistake(
                "tangent_x",
                J @ np.asarray(x, np.float64),
                msg("ex_7_3_fix1.tangent_is_x"),
            ),
            Mistake(
                "primal_tangent_swapped",
                _jacobian(v, A) @ np.asarray(x, np.float64),
                msg("ex_7_3_fix1.primal_tangent_swapped"),
            ),
            Mistake(
                "tangent_ones",
                J @ np.ones(N),
                msg("ex_7_3_fix1.tangent_is_ones"),
            ),
            Mistake(
                "unit_v",
                J @ np.asarray(v, np.float64) / np.linalg.norm(np.asarray(v, np.float64)),
                msg("ex_7_3_fix1.unit_direction"),
            ),
        ],
    )


@checks.add("program", needs="values")
def _(L):
    x, A, v = _data(812)
    size, shape, prim = R.largest_intermediate(L.directional, x, A, v)
    if size >= M * N:
        # an m×m identity is the basis jacrev pulls back (one cotangent per output), not J
        basis = tuple(shape) == (M, M) and _computes_identity(L.directional, M, x, A, v)
        fail(
            msg("ex_7_3_fix1.output_basis_built", shape=shape, size=size, m=M, n=N)
            if basis
            else msg("ex_7_3_fix1.whole_jacobian_built", shape=shape, size=size, m=M, n=N),
            shape=str(shape),
            primitive=prim,
        )


def _computes_identity(fn, m, *args) -> bool:
    """Whether fn's program, run equation by equation at its top level, computes the m×m
    identity matrix (sub-programs run whole, so an identity made inside one is not seen)."""
    import jax

    closed = jax.make_jaxpr(fn)(*args)
    env = dict(zip(closed.jaxpr.invars, args, strict=True))
    env.update(zip(closed.jaxpr.constvars, closed.consts, strict=True))
    eye = np.eye(m)
    for eqn in closed.jaxpr.eqns:
        ins = [v.val if hasattr(v, "val") else env[v] for v in eqn.invars]
        outs = eqn.primitive.bind(*ins, **eqn.params)
        outs = outs if eqn.primitive.multiple_results else [outs]
        for var, value in zip(eqn.outvars, outs, strict=True):
            env[var] = value
            if (
                np.shape(value) == (m, m)
                and compare(np.asarray(value, np.float64), eye, rtol=0, atol=0) is None
            ):
                return True
    return False
