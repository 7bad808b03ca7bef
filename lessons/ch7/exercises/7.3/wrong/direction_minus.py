# expect: failed cg_exact "新方向写成 p = r − β·p"
# expect.en: "new direction is p = r − β·p"
# 新方向里把旧方向减掉了:search 更新成 res − ratio·search。


def _guarded(ok, top, bottom):
    return jnp.where(ok, top / jnp.where(ok, bottom, 1.0), 0.0)


def cg_solve(matvec, b, iters):
    tiny = 1e-12 * (b @ b)

    def one_iteration(i, state):
        sol, res, search, res2 = state
        going = res2 > tiny
        Hs = matvec(search)
        step = _guarded(going, res2, search @ Hs)
        sol = sol + step * search
        res = res - step * Hs
        new_res2 = res @ res
        ratio = _guarded(going, new_res2, res2)
        return sol, res, res - ratio * search, new_res2

    init = (jnp.zeros_like(b), b, b, b @ b)
    sol, _, _, _ = lax.fori_loop(0, iters, one_iteration, init)
    return sol


def _newton(x, A, iters=50):
    slope = jax.grad(logistic_obj, argnums=0)(x, A)
    move = cg_solve(partial(hvp_fwd_rev, x, A=A), -slope, iters)
    return x + move, slope, move


newton_cg_step = jax.jit(_newton, static_argnames="iters")
