# expect: failed cg_loop "展开了一份" "lax.fori_loop"
# expect.en: "unrolled into the program" "lax.fori_loop"
# 错误示范:CG 的每一轮都对,可循环写成了 Python 的 for:jit 追踪时每一轮都展开进计算图,iters 越大程序越长。
def _safe_div(num, den):
    ok = den > 0
    return jnp.where(ok, num / jnp.where(ok, den, 1.0), 0.0)


def cg_solve(matvec, b, iters):
    x, r, p = b * 0.0, b, b
    rs = r @ r
    for _ in range(iters):
        hp = matvec(p)
        alpha = _safe_div(rs, jnp.vdot(p, hp))
        x = x + alpha * p
        r = r - alpha * hp
        rs_new = jnp.vdot(r, r)
        p = r + _safe_div(rs_new, rs) * p
        rs = rs_new
    return x


def _newton(x, A, iters=50):
    grad_here = jax.grad(logistic_obj, argnums=0)(x, A)

    def hess_vec(direction):
        return hvp_fwd_rev(x, direction, A)

    move = cg_solve(hess_vec, -grad_here, iters)
    return x + move, grad_here, move


newton_cg_step = jax.jit(_newton, static_argnames=["iters"])
