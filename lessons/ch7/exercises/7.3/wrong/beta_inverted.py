# expect: failed cg_exact "β 取倒数"
# expect.en: "β is inverted"
# 错误示范:β 的分子分母写反了,用的是旧残差平方范数除以新残差的。


def _safe_ratio(num, den):
    """den > 0 时返回 num / den,否则返回 0(双 where:分母为 0 的那一支根本不做除法)。"""
    positive = den > 0
    return jnp.where(positive, num / jnp.where(positive, den, 1.0), 0.0)


def cg_solve(matvec, b, iters):
    """共轭梯度:固定迭代 iters 次,返回 H x = b 的近似解;只通过 matvec(v) = H v 访问 H。"""

    def body(_, carry):
        x, resid, direction, rr = carry
        h_dir = matvec(direction)
        alpha = _safe_ratio(rr, jnp.vdot(direction, h_dir))   # 残差为 0 后 α = 0,不再移动
        x = x + alpha * direction
        resid = resid - alpha * h_dir
        rr_next = jnp.vdot(resid, resid)
        beta = _safe_ratio(rr, rr_next)  # 比值写反了
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
