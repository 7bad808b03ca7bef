# expect: failed cg_exact "迭代 2 次的结果一致"
# expect.en: "run 2 times"
# fori_loop 的上界写成 iters − 1:少做了一次迭代。


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
        return sol, res, res + ratio * search, new_res2

    init = (jnp.zeros_like(b), b, b, b @ b)
    sol, _, _, _ = lax.fori_loop(0, iters - 1, one_iteration, init)
    return sol


def _newton(x, A, iters=50):
    slope = jax.grad(logistic_obj, argnums=0)(x, A)
    move = cg_solve(partial(hvp_fwd_rev, x, A=A), -slope, iters)
    return x + move, slope, move


newton_cg_step = jax.jit(_newton, static_argnames="iters")
