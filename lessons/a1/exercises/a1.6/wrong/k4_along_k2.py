# expect: failed step "y + h·k2" not "时刻 t"
# expect.en: "y + h·k2" not "at time t"
# 错误示范:第四个斜率沿着 k2 走了整步,本该沿着刚算出的 k3。


def rk4_step(f, t, y, h, args):
    s1 = f(t, y, args)
    s2 = f(t + h / 2, y + h / 2 * s1, args)
    s3 = f(t + h / 2, y + h / 2 * s2, args)
    s4 = f(t + h, y + h * s2, args)
    return y + h * (s1 + 2 * s2 + 2 * s3 + s4) / 6


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    def advance(state, _):
        now, y_now = state
        y_next = rk4_step(f, now, y_now, h, args)
        return (now + h, y_next), y_next

    (_, y_end), path = lax.scan(advance, (t0, y0), xs=None, length=n_steps)
    return y_end, path
