# expect: failed cg_exact "从不更新 rᵀr" not "β 取倒数"
# expect.en: "never updates rᵀr" not "β is inverted"
# 错误示范:rᵀr 只在循环外算了一次,循环体里算出的新值只用来求 β,没有交回 carry。
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
        return sol, res, res + bt * dirn, rho

    init = (jnp.zeros_like(b), b, b, jnp.dot(b, b))
    return lax.fori_loop(0, iters, step, init)[0]


def _step(x, A, iters=40):
    slope = jax.grad(logistic_obj, argnums=0)(x, A)
    move = cg_solve(lambda w: hvp_fwd_rev(x, w, A), -slope, iters)
    return x + move, slope, move


newton_cg_step = jax.jit(_step, static_argnames="iters")
