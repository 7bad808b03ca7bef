# expect: failed cg_guard "分母变成 0 的那个除法" not "α、β 变成 0/0"
# expect.en: "whichever division" not "α and β become 0/0"
# 错误示范:α 用双 where 防护了,β = rᵀr_new / rᵀr_old 却没有。收敛后 rᵀr 变成 0,β 是 0/0;α 并没有变成 0/0,
# 所以消息只能说 α、β 中分母变成 0 的那个除法,不能说两个都是 0/0。

def cg_solve(matvec, b, iters):
    # α 有双 where,β 没有
    def body(i, state):
        sol, res, d, res_sq = state
        hd = matvec(d)
        curv = jnp.vdot(d, hd)
        keep = curv > 0
        step = jnp.where(keep, res_sq / jnp.where(keep, curv, 1.0), 0.0)
        sol = sol + step * d
        res = res - step * hd
        new_sq = jnp.vdot(res, res)
        d = res + (new_sq / res_sq) * d          # β 没有防护
        return sol, res, d, new_sq

    start_sq = jnp.vdot(b, b)
    init = (jnp.zeros_like(b), b, b, start_sq)
    return lax.fori_loop(0, iters, body, init)[0]


def _newton(x, A, iters=50):
    grad_here = jax.grad(logistic_obj, argnums=0)(x, A)
    hess_dot = lambda u: hvp_fwd_rev(x, u, A)  # noqa: E731
    move = cg_solve(hess_dot, -grad_here, iters)
    return x + move, grad_here, move


newton_cg_step = jax.jit(_newton, static_argnames="iters")
