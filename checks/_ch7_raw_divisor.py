"""Repair 7.2-fix1: why sinc's gradient at 0 is NaN when the input of sin was made safe but the
division was not, said only when computed.

The learner's sinc is traced at the failing input and its program run equation by equation (into
nested jit programs too); a division is noted when its denominator is the raw x itself and, at every
x = 0, its numerator is a finite non-zero number: there the branch where does not select computes
number/0 = inf, and inf times the 0 the backward pass sends back is NaN."""

import numpy as np

from tutor.worker.checklib import compare, msg


def _run(jaxpr, consts, args, divisions: list) -> list:
    """Runs `jaxpr` on `args`; appends (numerator, denominator) of every div to `divisions`."""
    env = dict(zip(jaxpr.constvars, consts, strict=True))
    env.update(zip(jaxpr.invars, args, strict=True))

    def read(v):
        return v.val if hasattr(v, "val") else env[v]

    for eqn in jaxpr.eqns:
        ins = [read(v) for v in eqn.invars]
        inner = eqn.params.get("jaxpr")
        if eqn.primitive.name in ("pjit", "jit") and inner is not None:
            outs = _run(inner.jaxpr, inner.consts, ins, divisions)
        else:
            outs = eqn.primitive.bind(*ins, **eqn.params)
            outs = outs if eqn.primitive.multiple_results else [outs]
            if eqn.primitive.name == "div":
                divisions.append((np.asarray(ins[0]), np.asarray(ins[1])))
        env.update(zip(eqn.outvars, outs, strict=True))
    return [read(v) for v in jaxpr.outvars]


def _raw_divisions(L, x) -> list[float]:
    """The numerators at x = 0 of the divisions whose denominator is x itself and whose numerator
    is finite and non-zero at every x = 0 (one value when they all agree there)."""
    import jax

    closed = jax.make_jaxpr(L.sinc)(x)
    divisions: list = []
    _run(closed.jaxpr, closed.consts, [x], divisions)
    x = np.asarray(x)
    zero = x == 0
    found = []
    for num, den in divisions:
        if num.shape != x.shape or den.shape != x.shape:
            continue
        if compare(den, x, rtol=0.0, atol=0.0) is not None:  # the denominator is not x itself
            continue
        at_zero = num[zero]
        if np.all(np.isfinite(at_zero)) and np.all(at_zero != 0) and np.ptp(at_zero) == 0:
            found.append(float(at_zero[0]))
    return found


def why_nan_grad(L, x, count: int) -> str:
    """The sentence for a NaN gradient at x = 0: a finite non-zero number divided by the raw x
    when the program computes one; else the general cause (0/0 in the unselected branch)."""
    try:
        found = _raw_divisions(L, x)
    except Exception:  # the probe is ours: any failure only means the general sentence is said
        found = []
    if found:
        return msg("ex_7_2_fix1.nan_raw_divisor", count=count, num=found[0])
    return msg("ex_7_2_fix1.nan_grad_at_zero", count=count)
