# expect: failed cg_guard "0/0" "精确解" "足够小的残差也算作 0" not "没有收敛" "分母 > 0 才相除"
# expect.en: "0/0" "exact solution" "also counts a small residual as 0" not "does not converge" "divide only when the denominator is > 0"
# 教科书式的 CG,没有防护:收敛后 α = 0/0,解变成 NaN。
# 建议不能只说“分母 > 0 才相除”:float32 里收敛后的分母常常只是极小,反向时它的平方下溢,照样 NaN;要按题目的收敛判断防护。
def _safe_ratio(num, den):
    """den > 0 时返回 num / den,否则返回 0(双 where:分母为 0 的那一支根本不做除法)。"""
    positive = den > 0
    return jnp.where(positive, num / jnp.where(positive, den, 1.0), 0.0)


def cg_solve(matvec, b, iters):
    """共轭梯度:固定迭代 iters 次,返回 H x = b 的近似解;只通过 matvec(v) = H v 访问 H。"""

    def body(_, carry):
        x, resid, direction, rr = carry
        h_dir = matvec(direction)
        alpha = rr / jnp.vdot(direction, h_dir)
        x = x + alpha * direction
        resid = resid - alpha * h_dir
        rr_next = jnp.vdot(resid, resid)
        beta = rr_next / rr
        return x, resid, resid + beta * direction, rr_next

    rr0 = jnp.vdot(b, b)
    start = (jnp.zeros_like(b), b, b, rr0)          # x0 = 0,残差 = 搜索方向 = b
    return lax.fori_loop(0, iters, body, start)[0]


@partial(jax.jit, static_argnames=("iters",))
def newton_cg_step(x, A, iters: int = 50):
    # 一步牛顿-CG:d 近似解 H d = -g(H 只通过 HVP 出现);iters 有默认值,可以只传 (x, A)
    grad_x = jax.grad(logistic_obj, argnums=0)(x, A)
    hess_times = lambda vec: hvp_fwd_rev(x, vec, A)
    step = cg_solve(hess_times, -grad_x, iters)
    return x + step, grad_x, step
