# expect: failed time_dependent "晚一步求值" not "时间不前进" "t = 0"
# expect.en: "one step later" not "time never advances" "t = 0"
# 错误示范:循环体一进来就先把时间加上 h,再用新时间做这一步,每步都在 t + h 处起算。
def rk4_step(f, t, y, h, args):
    a = f(t, y, args)
    b = f(t + h / 2, y + (h / 2) * a, args)
    c = f(t + h / 2, y + (h / 2) * b, args)
    d = f(t + h, y + h * c, args)
    return y + h * (a + 2 * b + 2 * c + d) / 6


def odeint_rk4(f, y0, t0, h, n_steps, args):
    def body(carry, _):
        clock, state = carry
        clock = clock + h
        state = rk4_step(f, clock, state, h, args)
        return (clock, state), state

    start = (jnp.asarray(t0, jnp.float32), y0)
    (_, y_end), visited = lax.scan(body, start, xs=None, length=n_steps)
    return y_end, visited
