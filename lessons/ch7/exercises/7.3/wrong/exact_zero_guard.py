# expect: failed cg_guard "恰好为 0 的分母" "下溢" not "1e-26"
# expect.en: "exactly 0 but not one that is tiny" "underflows" not "1e-26"
# 错误示范:双 where 写对了,可只在分母恰好为 0 时才挡;float32 里收敛后的残差往往只是很小,不是 0。


def cg_solve(matvec, b, iters):
    def split(top, bottom):
        keep = bottom != 0.0
        return jnp.where(keep, top / jnp.where(keep, bottom, 1.0), 0.0)

    def sweep(_, state):
        sol, res, dirn = state
        rr = jnp.dot(res, res)
        hd = matvec(dirn)
        step = split(rr, jnp.dot(dirn, hd))
        sol, res = sol + step * dirn, res - step * hd
        return sol, res, res + split(jnp.dot(res, res), rr) * dirn

    return lax.fori_loop(0, iters, sweep, (jnp.zeros_like(b), b, b))[0]


def _one_newton_move(point, A, iters=50):
    slope = jax.grad(logistic_obj, argnums=0)(point, A)

    def curvature_times(u):
        return hvp_fwd_rev(point, u, A)

    move = cg_solve(curvature_times, -slope, iters)
    return point + move, slope, move


newton_cg_step = jax.jit(_one_newton_move, static_argnames=("iters",))
