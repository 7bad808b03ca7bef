# expect: failed cg_guard "分母变成 0 的那个除法" not "α、β 变成 0/0"
# expect.en: "whichever division" not "α and β become 0/0"
# 错误示范:α 用双 where 防护了,β = rᵀr_new / rᵀr_old 却没有。收敛后 rᵀr 变成 0,β 是 0/0;α 并没有变成 0/0,
# 所以消息只能说 α、β 中分母变成 0 的那个除法,不能说两个都是 0/0。

def cg_solve(matvec, b, iters):
    x = jnp.zeros_like(b)
    r = b
    p = r
    rs = r @ r

    def body(i, c):
        x, r, p, rs = c
        Ap = matvec(p)
        den = p @ Ap
        ok = den > 0
        alpha = jnp.where(ok, rs / jnp.where(ok, den, 1.0), 0.0)
        x = x + alpha * p
        r = r - alpha * Ap
        rs_new = r @ r
        beta = rs_new / rs
        p = r + beta * p
        return x, r, p, rs_new

    x, r, p, rs = lax.fori_loop(0, iters, body, (x, r, p, rs))
    return x


@partial(jax.jit, static_argnames=("iters",))
def newton_cg_step(x, A, iters: int = 50):
    grad_x = jax.grad(logistic_obj, argnums=0)(x, A)
    step = cg_solve(lambda vec: hvp_fwd_rev(x, vec, A), -grad_x, iters)
    return x + step, grad_x, step
