# 另一种写法:fori_loop 的状态是字典,并用 unroll=2 让 XLA 每次展开两轮(循环体在计算图里仍只有一份)。
def _ratio(num, den, ok):
    return jnp.where(ok, num / jnp.where(ok, den, 1.0), 0.0)


def cg_solve(matvec, b, iters):
    small = 1e-12 * jnp.vdot(b, b)  # 残差平方和低于它就当作已收敛(float32 里它很少正好是 0)

    def one_iteration(k, s):
        ok = s["rs"] > small
        hp = matvec(s["p"])
        alpha = _ratio(s["rs"], jnp.vdot(s["p"], hp), ok)
        r = s["r"] - alpha * hp
        rs = jnp.vdot(r, r)
        p = r + _ratio(rs, s["rs"], ok) * s["p"]
        return {"x": s["x"] + alpha * s["p"], "r": r, "p": p, "rs": rs}

    init = {"x": jnp.zeros_like(b), "r": b, "p": b, "rs": jnp.vdot(b, b)}
    return lax.fori_loop(0, iters, one_iteration, init, unroll=2)["x"]


def _newton(x, A, iters=50):
    grad_here = jax.grad(logistic_obj, argnums=0)(x, A)

    def hess_vec(direction):
        return hvp_fwd_rev(x, direction, A)

    move = cg_solve(hess_vec, -grad_here, iters)
    return x + move, grad_here, move


newton_cg_step = jax.jit(_newton, static_argnames=["iters"])
