# expect: failed cg_guard "安全值取 0 仍是在除以 0" not "除法的分母要先用 where 换成"
# expect.en: "a safe value of 0 still divides by 0" not "First use where to replace the denominator"
# 错误示范:双 where 写了,可分母的安全值是 0.0,收敛后 α、β 的除法照样除以 0,反向得到 NaN。原先的建议“先用 where 换掉分母”像是说没写 where;现在只说每次除法前分母要换成非零的安全值,取 0 仍在除以 0。
# 练习 7.3 参考答案
# 上下文里已有:logistic_obj(x, A)、LAM = 0.1、hvp_fwd_rev(x, v, A)。


def _safe_ratio(live, num, den):
    """live 时返回 num / den,否则返回 0(双 where:不算的那一支根本不做除法)。"""
    return jnp.where(live, num / jnp.where(live, den, 0.0), 0.0)


def cg_solve(matvec, b, iters):
    """共轭梯度:固定迭代 iters 次,返回 H x = b 的近似解;只通过 matvec(v) = H v 访问 H。"""
    floor = 1e-12 * jnp.vdot(b, b)  # ‖r‖ ≤ 1e-6·‖b‖ 就算收敛:float32 的残差常常停在很小的数,而不是 0

    def body(_, carry):
        x, resid, direction, rr = carry
        live = rr > floor  # 残差还没小到可以当作 0
        h_dir = matvec(direction)
        alpha = _safe_ratio(live, rr, jnp.vdot(direction, h_dir))   # 收敛后 α = 0,不再移动
        x = x + alpha * direction
        resid = resid - alpha * h_dir
        rr_next = jnp.vdot(resid, resid)
        beta = _safe_ratio(live, rr_next, rr)
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

