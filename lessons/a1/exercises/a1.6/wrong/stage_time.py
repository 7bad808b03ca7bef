# expect: failed step "都在时刻 t 求值"
# expect.en: "all evaluated at time t"
# 所有斜率都在时刻 t 求值:简谐振子(不显含 t)看不出问题,显含 t 的方程就错了。
def rk4_step(f, t, y, h, args):
    s1 = f(t, y, args)
    s2 = f(t, y + 0.5 * h * s1, args)
    s3 = f(t, y + 0.5 * h * s2, args)
    s4 = f(t, y + h * s3, args)
    return y + h / 6.0 * (s1 + 2.0 * s2 + 2.0 * s3 + s4)


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    def advance(state, _):
        t_now, y_now = state
        y_next = rk4_step(f, t_now, y_now, h, args)
        return (t_now + h, y_next), y_next

    (_, y_last), path = lax.scan(advance, (t0, y0), xs=None, length=n_steps)
    return y_last, path
