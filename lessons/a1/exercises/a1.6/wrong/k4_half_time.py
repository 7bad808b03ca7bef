# expect: failed step "t + h/2、t + h/2、t + h/2"
# expect.en: "t + h/2, t + h/2 and t + h/2"
# 四个阶段里后三个都在 t + h/2 求值:k4 应在 t + h。
def rk4_step(f, t, y, h, args):
    mid = t + 0.5 * h
    s1 = f(t, y, args)
    s2 = f(mid, y + 0.5 * h * s1, args)
    s3 = f(mid, y + 0.5 * h * s2, args)
    s4 = f(mid, y + h * s3, args)
    return y + h / 6.0 * (s1 + 2.0 * s2 + 2.0 * s3 + s4)


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    def advance(state, _):
        t_now, y_now = state
        y_next = rk4_step(f, t_now, y_now, h, args)
        return (t_now + h, y_next), y_next

    (_, y_last), path = lax.scan(advance, (t0, y0), xs=None, length=n_steps)
    return y_last, path
