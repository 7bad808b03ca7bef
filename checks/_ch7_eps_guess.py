"""Exercise 7.2: an ε added to the squared norms, named only when computed: the ε that explains
the learner's value (or gradient) at one input is solved for, then the learner's function is run
where that ε alone gives a known value, and only a match there names it."""

import numpy as np

from tutor.worker.checklib import CheckFailed, as_scalar, msg


def as_f32(*arrays):
    """The arrays as JAX float32 arrays (what the learner's function is given)."""
    import jax.numpy as jnp

    return tuple(jnp.asarray(x, dtype=jnp.float32) for x in arrays)


def _cos_eps_inside(s: float, eps: float, norm: float) -> float:
    """cos(s·a, a) when ε is added inside both square roots, √(Σx² + ε), in float64."""
    return s * norm**2 / (np.sqrt((s * norm) ** 2 + eps) * np.sqrt(norm**2 + eps))


def _bisect_log(f, target: float, lo: float, hi: float) -> float:
    """x in [e^lo, e^hi] with f(x) = target, f decreasing in x (bisection in log x)."""
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(float(np.exp(mid))) > target:
            lo = mid
        else:
            hi = mid
    return float(np.exp((lo + hi) / 2))


def eps_tiny_diagnosis(L, a64, scale: float, got: float, *, scaled_first: bool) -> str:
    """Names an ε inside the squared norms only when one ε explains both this value and the
    learner's value at a second scale, where that ε gives 0.5 (a threshold gives 0 or 1 there)."""
    if not 0.0 < got < 1.0:
        return ""
    norm = float(np.linalg.norm(a64))
    eps = _bisect_log(lambda e: _cos_eps_inside(scale, e, norm), got, -120.0, 20.0)
    probe = 1.0 / _bisect_log(lambda r: _cos_eps_inside(1.0 / r, eps, norm), 0.5, -20.0, 120.0)
    (vec,) = as_f32(a64)
    args = (vec * probe, vec) if scaled_first else (vec, vec * probe)
    try:
        there = as_scalar(L.cos_sim_safe(*args), "cos_sim_safe")
    except CheckFailed:
        return ""
    if not abs(there - 0.5) <= 2e-3:
        return ""
    return msg("ex_7_2.eps_inside_tiny", eps=eps, scale=probe, there=there)


def _eps_from_grad(size: float, other: float) -> float:
    """The ε for which √(‖u‖² + ε)·√(‖v‖² + ε) in the denominator gives a gradient of this size
    at u = 0: size = ‖v‖ / (√ε·√(‖v‖² + ε)), decreasing in ε (solved by bisection in log ε)."""
    lo, hi = -80.0, 20.0
    for _ in range(200):
        mid = (lo + hi) / 2
        eps = float(np.exp(mid))
        if other / (np.sqrt(eps) * np.sqrt(other**2 + eps)) > size:
            lo = mid
        else:
            hi = mid
    return float(np.exp((lo + hi) / 2))


def eps_diagnosis(L, label: str, size: float, other64) -> str:
    """Names an ε in the squared norms only when the learner's function also gives, at a vector of
    squared norm ε, the value that ε produces there (the gradient alone fits other mistakes too)."""
    norm_v = float(np.linalg.norm(other64))
    eps = _eps_from_grad(size, norm_v)
    probe64 = np.sqrt(eps) * other64 / norm_v  # ‖probe‖² = ε, same direction as the other
    predicted = (np.sqrt(eps) * norm_v) / (np.sqrt(2 * eps) * np.sqrt(norm_v**2 + eps))
    args = as_f32(probe64, other64) if label == "a" else as_f32(other64, probe64)
    try:
        got = as_scalar(L.cos_sim_safe(*args), "cos_sim_safe")
    except CheckFailed:
        return ""
    if not np.isfinite(got) or abs(got - predicted) > 1e-3 * max(1.0, abs(predicted)):
        return ""
    return msg("ex_7_2.eps_in_norm", eps=eps, got=got, predicted=predicted)
