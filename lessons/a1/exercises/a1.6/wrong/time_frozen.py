# expect: failed time_dependent "时间不前进"
# expect.en: "time never advances"
# 单步是对的,但积分器里时间从不前进:每一步都在 t0 处求值。
def rk4_step(f, t, y, h, args):
    s1 = f(t, y, args)
    s2 = f(t + 0.5 * h, y + 0.5 * h * s1, args)
    s3 = f(t + 0.5 * h, y + 0.5 * h * s2, args)
    s4 = f(t + h, y + h * s3, args)
    return y + h / 6.0 * (s1 + 2.0 * s2 + 2.0 * s3 + s4)


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    def advance(y_now, _):
        y_next = rk4_step(f, t0, y_now, h, args)
        return y_next, y_next

    y_last, path = lax.scan(advance, y0, xs=None, length=n_steps)
    return y_last, path
