# expect: failed step "更新里少了步长 h" not "h/6 只乘到了 k1 上"
# expect.en: "the step size h is missing from the update" not "h/6 multiplies k1 only"
# expect.silent: traj_numpy analytic grad_v0 vmap_y0 time_dependent
# 错误示范:四个斜率加权平均以后直接加到 y 上,忘了乘步长 h。
# 轨迹随之发散成 NaN:后面几项都是这个单步错误的后果,要沉默(NaN 与解析解比较时也不能漏过去)。


def rk4_step(f, t, y, h, args):
    half = 0.5 * h
    slope1 = f(t, y, args)
    slope2 = f(t + half, y + half * slope1, args)
    slope3 = f(t + half, y + half * slope2, args)
    slope4 = f(t + h, y + h * slope3, args)
    return y + (slope1 + 2.0 * (slope2 + slope3) + slope4) / 6.0


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    """args(物理参数)显式传给 f,不靠闭包。"""

    def advance(state, _unused):
        t_now, y_now = state
        y_next = rk4_step(f, t_now, y_now, h, args)
        return (t_now + h, y_next), y_next          # 输出更新之后的状态

    (_, y_last), path = lax.scan(advance, (t0, y0), xs=None, length=n_steps)
    return y_last, path


if __name__ == "__main__":
    run = jax.jit(lambda start, w: odeint_rk4(oscillator, start, 0.0, 0.01, 500, w))
    final, path = run(jnp.array([1.0, 0.5]), 2.0)
    exact = np.cos(10.0) + 0.25 * np.sin(10.0)
    print(f"x(5) 数值 = {float(final[0]):.6f},解析 = {exact:.6f},轨迹形状 {path.shape}")
    sens = jax.grad(lambda start: run(start, 2.0)[0][0])(jnp.array([1.0, 0.5]))
    print(f"∂x(5)/∂v0 自动微分 = {float(sens[1]):.6f},解析 = {np.sin(10.0) / 2.0:.6f}")
