# expect: failed step "y + h/2·k1" not "时刻 t"
# expect.en: "y + h/2·k1" not "at time t"
# expect.silent: traj_numpy analytic grad_v0 vmap_y0 time_dependent
# 第三个斜率抄第二行时没改:k3 仍在 y + h/2·k1 处求值(应为 y + h/2·k2)。单步检查说出这一点;积分器
# 本身没错,轨迹、解析解、梯度、vmap 和显含时间的方程上的差别都来自这一步,不再重复。
def rk4_step(f, t, y, h, args):
    mid = t + 0.5 * h
    s1 = f(t, y, args)
    s2 = f(mid, y + 0.5 * h * s1, args)
    s3 = f(mid, y + 0.5 * h * s1, args)      # 抄上一行时忘了把 s1 改成 s2
    s4 = f(t + h, y + h * s3, args)
    return y + h * (s1 + 2.0 * s2 + 2.0 * s3 + s4) / 6.0


def odeint_rk4(f, y0, t0, h, n_steps: int, args):
    def one(state, _):
        now, here = state
        after = rk4_step(f, now, here, h, args)
        return (now + h, after), after

    final, states = lax.scan(one, (t0, y0), xs=None, length=n_steps)
    return final[1], states
