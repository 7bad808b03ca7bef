# expect: failed step "不是传进来的 args" not "参数不对:收到的 t 形状"
# expect.en: "not the args passed in" not "called with the wrong arguments: it received t of shape"
# 错误示范:第四级把 ω 写死成 2.0 传给 f,没有把 args 原样传下去。t、y 的形状都对,
# 消息说的是 args 不对,而不是把形状正确的 t、y 列为“参数不对”的证据。
# 练习 a1.6


def rk4_step(f, t, y, h, args):
    half = 0.5 * h
    slope1 = f(t, y, args)
    slope2 = f(t + half, y + half * slope1, args)
    slope3 = f(t + half, y + half * slope2, args)
    slope4 = f(t + h, y + h * slope3, 2.0)
    return y + (h / 6.0) * (slope1 + 2.0 * (slope2 + slope3) + slope4)


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
