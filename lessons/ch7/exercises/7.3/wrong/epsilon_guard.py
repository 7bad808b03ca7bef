# expect: failed cg_guard "程序里没有 where" "双 where" not "被 where 丢掉的那一支"
# expect.en: "holds no where (select_n)" "double where" not "the branch that where discarded"
# 错误示范:给分母加一个 1e-30 防止除零。前向不再出 NaN,可反向时比值对分母的导数要除以分母的平方,
# 1e-30 的平方在 float32 里是 0,照样 0/0。程序里根本没有 where,所以不能说“被 where 丢掉的那一支”。
def _ratio_eps(live, num, den):
    del live  # 不分情况,一律加 ε
    return num / (den + 1e-30)  # 只加了一个很小的 ε,没有 where


def cg_solve(matvec, b, iters):
    """共轭梯度:固定迭代 iters 次,返回 H x = b 的近似解;只通过 matvec(v) = H v 访问 H。"""
    floor = 1e-12 * jnp.vdot(b, b)  # ‖r‖ ≤ 1e-6·‖b‖ 就算收敛:float32 的残差常常停在很小的数,而不是 0

    def body(_, carry):
        x, resid, direction, rr = carry
        live = rr > floor  # 残差还没小到可以当作 0
        h_dir = matvec(direction)
        alpha = _ratio_eps(live, rr, jnp.vdot(direction, h_dir))   # 收敛后 α = 0,不再移动
        x = x + alpha * direction
        resid = resid - alpha * h_dir
        rr_next = jnp.vdot(resid, resid)
        beta = _ratio_eps(live, rr_next, rr)
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
