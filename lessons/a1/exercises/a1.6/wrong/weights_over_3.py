# expect: failed step "y + h·(k1 + 2·k2 + 2·k3 + k4)/3"
# expect.en: "y + h·(k1 + 2·k2 + 2·k3 + k4)/3"
# 组合的分母写成了 3:每一步走了两倍远。
def rk4_step(f, t, y, h, args):
    s1 = f(t, y, args)
    s2 = f(t + 0.5 * h, y + 0.5 * h * s1, args)
    s3 = f(t + 0.5 * h, y + 0.5 * h * s2, args)
    s4 = f(t + h, y + h * s3, args)
    return y + h / 3.0 * (s1 + 2.0 * s2 + 2.0 * s3 + s4)


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    def advance(state, _):
        t_now, y_now = state
        y_next = rk4_step(f, t_now, y_now, h, args)
        return (t_now + h, y_next), y_next

    (_, y_last), path = lax.scan(advance, (t0, y0), xs=None, length=n_steps)
    return y_last, path
