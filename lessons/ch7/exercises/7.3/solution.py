# 练习 7.3 参考答案
# 上下文里已有:logistic_obj(x, A)、LAM = 0.1、hvp_fwd_rev(x, v, A)。


def _safe_ratio(live, num, den):
    """live 时返回 num / den,否则返回 0(双 where:不算的那一支根本不做除法)。"""
    return jnp.where(live, num / jnp.where(live, den, 1.0), 0.0)


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


if __name__ == "__main__":
    gen = np.random.default_rng(5)
    A_demo = jnp.asarray(gen.standard_normal((150, 30)) / np.sqrt(30), jnp.float32)
    x_demo = jnp.asarray(gen.standard_normal(30), jnp.float32)
    for k in range(6):
        x_demo, g_demo, _ = newton_cg_step(x_demo, A_demo)
        print(f"第 {k + 1} 步:更新前的梯度范数 {float(np.linalg.norm(np.asarray(g_demo))):.3e}")
