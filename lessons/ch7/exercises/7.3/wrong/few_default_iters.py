# expect: failed newton_direction "3 次 CG 迭代" "少于维数" not "反了"
# expect.en: "3 CG iterations" "fewer than the dimension" not "reversed"
# 错误示范:CG 写对了,可 iters 的默认值只有 3,比问题的维数还少,方向没算准。
# 上下文里已有:logistic_obj(x, A)、LAM = 0.1、hvp_fwd_rev(x, v, A)。


def cg_solve(matvec, b, iters):
    small = 1e-12 * jnp.dot(b, b)

    def step(_, state):
        sol, res, dirn, rho = state
        hd = matvec(dirn)
        live = rho > small
        a = jnp.where(live, rho / jnp.where(live, jnp.dot(dirn, hd), 1.0), 0.0)
        sol = sol + a * dirn
        res = res - a * hd
        rho_new = jnp.dot(res, res)
        bt = jnp.where(live, rho_new / jnp.where(live, rho, 1.0), 0.0)
        return sol, res, res + bt * dirn, rho_new

    init = (jnp.zeros_like(b), b, b, jnp.dot(b, b))
    return lax.fori_loop(0, iters, step, init)[0]


def _step(x, A, iters=3):
    slope = jax.grad(logistic_obj, argnums=0)(x, A)
    move = cg_solve(lambda w: hvp_fwd_rev(x, w, A), -slope, iters)
    return x + move, slope, move


newton_cg_step = jax.jit(_step, static_argnames="iters")
