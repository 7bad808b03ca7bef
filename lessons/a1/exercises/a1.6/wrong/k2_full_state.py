# expect: failed step "y + h·k1" not "时刻 t"
# expect.en: "y + h·k1" not "at time t"
# expect.silent: traj_numpy analytic grad_v0 vmap_y0 time_dependent
# k2 在状态 y + h·k1 处求值(应为 y + h/2·k1):单步检查说出这一点;轨迹、解析解、梯度和 vmap
# 的检查用同一个错的 rk4_step 算出的正是这些数,不再重复,也不把前向就错了的结果归咎于反向传播。
def rk4_step(f, t, y, h, args):
    s1 = f(t, y, args)
    s2 = f(t + 0.5 * h, y + h * s1, args)
    s3 = f(t + 0.5 * h, y + 0.5 * h * s2, args)
    s4 = f(t + h, y + h * s3, args)
    return y + h / 6.0 * (s1 + 2.0 * s2 + 2.0 * s3 + s4)


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    def advance(state, _):
        t_now, y_now = state
        y_next = rk4_step(f, t_now, y_now, h, args)
        return (t_now + h, y_next), y_next

    (_, y_last), path = lax.scan(advance, (t0, y0), xs=None, length=n_steps)
    return y_last, path
