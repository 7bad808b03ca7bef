# expect: failed step "参数不对" "f(t, y, args)"
# expect.en: "wrong arguments" "f(t, y, args)"
# 习惯了 scipy 的 odeint,调用右端函数时写成了 f(y, t, args):状态和时刻的位置互换了。
def rk4_step(f, t, y, h, args):
    half = 0.5 * h
    s1 = f(y, t, args)
    s2 = f(y + half * s1, t + half, args)
    s3 = f(y + half * s2, t + half, args)
    s4 = f(y + h * s3, t + h, args)
    return y + (h / 6.0) * (s1 + 2.0 * (s2 + s3) + s4)


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    def march(state, _):
        clock, current = state
        following = rk4_step(f, clock, current, h, args)
        return (clock + h, following), following

    (_, y_end), states = lax.scan(march, (t0, y0), xs=None, length=n_steps)
    return y_end, states
