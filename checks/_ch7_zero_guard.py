"""Exercise 7.2: why cos_sim_safe does not give 0 at a zero input, said only when computed."""

import numpy as np

from tutor.worker.checklib import msg


def _outer_fill(L, pair) -> float | None:
    """The constant the output's own where selects, read from the program: the last operation
    is a where (select_n, or jnp.where's jit) with a literal operand. None when it is not."""
    import jax
    from jax.extend.core import Literal

    try:
        jaxpr = jax.make_jaxpr(L.cos_sim_safe)(*pair).jaxpr
        out = jaxpr.outvars[0]
        eqn = next(e for e in reversed(jaxpr.eqns) if out in e.outvars)
    except Exception:  # the probe is ours: any failure only means nothing is said
        return None
    name = eqn.params.get("name") if eqn.primitive.name in ("jit", "pjit") else eqn.primitive.name
    if name not in ("_where", "where", "select_n"):
        return None
    fills = [float(v.val) for v in eqn.invars if isinstance(v, Literal)]
    return fills[0] if len(fills) == 1 else None


def why_not_zero(L, val, pair, other, cases) -> str:
    """Why a zero input does not give 0, said only when computed: the value is the cosine of the
    safe value 1.0 swapped in (for the zero vector alone, or for both vectors) with no outer
    where; or it is NaN/inf while the learner's function gives 0 with the other vector zero, so
    only that one is guarded."""
    if np.isfinite(val):
        n = len(np.asarray(pair[0]))
        safe = [1.0] if other is None else [1.0, float(other.sum()) / np.sqrt(n * (other @ other))]
        if _outer_fill(L, pair) == val:
            return msg("ex_7_2.outer_where_fills", fill=val)
        if any(abs(val - c) <= 1e-5 * abs(c) + 1e-6 for c in safe):
            return msg("ex_7_2.outer_where_missing")
        return ""
    if other is None:
        return ""
    zero_side = "a" if not np.any(np.asarray(pair[0])) else "b"
    _, u, v, _ = cases[1] if zero_side == "a" else cases[0]  # the other single zero
    try:
        guarded = float(L.cos_sim_safe(u, v)) == 0.0
    except Exception:  # the probe is ours: any failure only means it is not shown
        return ""
    if not guarded:
        return ""
    return msg("ex_7_2.one_side_guarded", zero=zero_side, guarded="b" if zero_side == "a" else "a")
