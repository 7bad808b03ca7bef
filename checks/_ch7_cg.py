"""Exercise 7.3: a float64 conjugate gradient that can also make one named slip, and the cause
of a cg_solve that is not exact after n iterations, said only when computed (the learner's
cg_solve after 3 iterations equals the CG with that slip)."""

import numpy as np

from tutor.worker.checklib import compare, msg


def np_cg(spd, rhs, iters, slip=""):
    """Conjugate gradients in float64 from x = 0, or with one named slip: `beta_inverted` takes
    β = rᵀr_old / rᵀr_new, `stale_rs` never carries rᵀr_new forward (α and β keep the first rᵀr),
    `p_minus` takes p = r − β·p, `r_plus` r = r + α·Hp, `x_along_r` x = x + α·r, `x0_b` starts x
    at b with the residual still b, `alpha_apap` / `alpha_pp` divide rᵀr by (Hp)ᵀ(Hp) / pᵀp,
    `r_along_p` takes r = r − α·p."""
    x, r = (rhs.copy() if slip == "x0_b" else np.zeros_like(rhs)), rhs.copy()
    p, rs = r.copy(), float(r @ r)
    for _ in range(iters):
        ap = spd @ p
        den = {"alpha_apap": ap @ ap, "alpha_pp": p @ p}.get(slip, p @ ap)
        alpha = rs / float(den)
        x = x + alpha * (r if slip == "x_along_r" else p)
        r = r + alpha * ap if slip == "r_plus" else r - alpha * (p if slip == "r_along_p" else ap)
        rs_new = float(r @ r)
        beta = rs / rs_new if slip == "beta_inverted" else rs_new / rs
        p = r - beta * p if slip == "p_minus" else r + beta * p
        rs = rs if slip == "stale_rs" else rs_new
    return x


def why_not_exact(L, spd, rhs) -> str:
    """Said only when computed: after 3 iterations (before any residual is small) the learner's
    cg_solve equals a float64 CG with one named slip (np_cg), or the right CG run one iteration
    short or one too many, and not the right CG."""
    import jax.numpy as jnp

    spd32 = jnp.asarray(spd, jnp.float32)
    try:
        got = np.asarray(
            L.cg_solve(lambda v: jnp.dot(spd32, v), jnp.asarray(rhs, jnp.float32), 3), np.float64
        )
    except Exception:  # the probe is ours: any failure only means it is not shown
        return ""
    variants = [
        (msg("ex_7_3.beta_inverted"), np_cg(spd, rhs, 3, slip="beta_inverted")),
        (msg("ex_7_3.rs_not_carried"), np_cg(spd, rhs, 3, slip="stale_rs")),
        (msg("ex_7_3.direction_minus"), np_cg(spd, rhs, 3, slip="p_minus")),
        (msg("ex_7_3.residual_plus"), np_cg(spd, rhs, 3, slip="r_plus")),
        (msg("ex_7_3.x_along_residual"), np_cg(spd, rhs, 3, slip="x_along_r")),
        (msg("ex_7_3.x0_is_b"), np_cg(spd, rhs, 3, slip="x0_b")),
        (msg("ex_7_3.alpha_den", den="(Hp)ᵀ(Hp)"), np_cg(spd, rhs, 3, slip="alpha_apap")),
        (msg("ex_7_3.alpha_den", den="pᵀp"), np_cg(spd, rhs, 3, slip="alpha_pp")),
        (msg("ex_7_3.residual_along_p"), np_cg(spd, rhs, 3, slip="r_along_p")),
    ] + [(msg("ex_7_3.iterations_off", done=k, asked=3), np_cg(spd, rhs, k)) for k in (2, 4)]
    for words, variant in variants:
        if got.shape == variant.shape and compare(got, variant, rtol=1e-3, atol=1e-5) is None:
            return words
    return ""
