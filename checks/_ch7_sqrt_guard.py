"""Exercise 7.2: why the gradient at a zero input holds NaN, said only when computed.

The learner's function is traced at the failing input and its program run equation by equation
(into nested jit programs too); every √ that receives an exact 0 there is noted, with whether that
0 came straight out of a where (a guard whose safe value is 0) or not (an unguarded norm)."""

import numpy as np

from tutor.worker.checklib import msg

_PASS_THROUGH = {"convert_element_type", "reshape", "broadcast_in_dim", "squeeze", "copy"}


def _run(jaxpr, consts, args, seen: list[bool]) -> list:
    """Runs `jaxpr` on (value, from_where) pairs; appends to `seen`, for each √ whose input holds
    an exact 0, whether that input came out of a where."""
    env = {}
    for var, val in zip(jaxpr.constvars, consts, strict=True):
        env[var] = (val, False)
    for var, pair in zip(jaxpr.invars, args, strict=True):
        env[var] = pair

    def read(v):
        return (v.val, False) if hasattr(v, "val") else env[v]

    for eqn in jaxpr.eqns:
        ins = [read(v) for v in eqn.invars]
        inner = eqn.params.get("jaxpr")
        if eqn.primitive.name in ("pjit", "jit") and inner is not None:
            outs = _run(inner.jaxpr, inner.consts, ins, seen)
        else:
            vals = eqn.primitive.bind(*[x for x, _ in ins], **eqn.params)
            vals = vals if eqn.primitive.multiple_results else [vals]
            name = eqn.primitive.name
            flag = name == "select_n" or (name in _PASS_THROUGH and ins[0][1])
            if name in ("sqrt", "rsqrt") and not np.all(np.asarray(ins[0][0])):
                seen.append(ins[0][1])
            outs = [(v, flag) for v in vals]
        for var, pair in zip(eqn.outvars, outs, strict=True):
            env[var] = pair
    return [read(v) for v in jaxpr.outvars]


def _zero_roots(L, u, v) -> list[bool]:
    import jax

    closed = jax.make_jaxpr(L.cos_sim_safe)(u, v)
    seen: list[bool] = []
    _run(closed.jaxpr, closed.consts, [(u, False), (v, False)], seen)
    return seen


def why_nan_grad(L, name: str, u, v) -> str:
    """The sentence for a NaN gradient when `name` holds: the guard's safe value is 0 when a √
    receives a 0 that a where swapped in; the zero vector's norm is unguarded when a √ receives a 0
    straight from the sum of squares and only one vector is zero; else the general cause."""
    try:
        seen = _zero_roots(L, u, v)
    except Exception:  # the probe is ours: any failure only means the general sentence is said
        seen = []
    if any(seen):
        return msg("ex_7_2.nan_safe_value_zero", name=name)
    zero = [label for label, x in (("a", u), ("b", v)) if not np.any(np.asarray(x))]
    if seen and len(zero) == 1:
        try:  # the other vector zero in its place: is its norm unguarded too?
            swapped = _zero_roots(L, v, u)
        except Exception:  # the probe is ours: then only the vector seen is named
            swapped = []
        if swapped and not any(swapped):
            return msg("ex_7_2.nan_norms_unguarded", name=name, vec=zero[0])
        return msg("ex_7_2.nan_norm_unguarded", name=name, vec=zero[0])
    return msg("ex_7_2.nan_grad_when", name=name)
