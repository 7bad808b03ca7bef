# expect: failed cg_exact "r = r − α·p 的"
# expect.en: "updated as r = r − α·p"
# 错误示范:残差照着 x 的更新写,减去的是 α·p 而不是 α·Hp。


def _safe_ratio(live, num, den):
    """num / den while live, 0 otherwise (double where: the branch not taken never divides)."""
    return jnp.where(live, num / jnp.where(live, den, 1.0), 0.0)


def cg_solve(matvec, b, iters):
    """Conjugate gradients: a fixed iters iterations, returning an approximate solution of H x = b; H is reached only through matvec(v) = H v."""
    floor = 1e-12 * jnp.vdot(b, b)  # converged once ‖r‖ ≤ 1e-6·‖b‖: in float32 the residual often stops tiny, not at 0

    def body(_, carry):
        x, resid, direction, rr = carry
        live = rr > floor  # the residual is not yet small enough to count as 0
        h_dir = matvec(direction)
        alpha = _safe_ratio(live, rr, jnp.vdot(direction, h_dir))   # once converged, α = 0 and x stays put
        x = x + alpha * direction
        resid = resid - alpha * direction
        rr_next = jnp.vdot(resid, resid)
        beta = _safe_ratio(live, rr_next, rr)
        return x, resid, resid + beta * direction, rr_next

    rr0 = jnp.vdot(b, b)
    start = (jnp.zeros_like(b), b, b, rr0)          # x0 = 0, residual = search direction = b
    return lax.fori_loop(0, iters, body, start)[0]


@partial(jax.jit, static_argnames=("iters",))
def newton_cg_step(x, A, iters: int = 50):
    # one Newton-CG step: d approximately solves H d = -g (H appears only through HVPs); iters has a default, so (x, A) is enough
    grad_x = jax.grad(logistic_obj, argnums=0)(x, A)
    hess_times = lambda vec: hvp_fwd_rev(x, vec, A)
    step = cg_solve(hess_times, -grad_x, iters)
    return x + step, grad_x, step


