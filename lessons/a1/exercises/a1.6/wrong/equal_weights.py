# expect: failed step "1 : 1 : 1 : 1"
# expect.en: "1 : 1 : 1 : 1"
# 阶段权重写错:四个斜率简单平均(1 : 1 : 1 : 1),不再是四阶方法。
def rk4_step(f, t, y, h, args):
    s1 = f(t, y, args)
    s2 = f(t + 0.5 * h, y + 0.5 * h * s1, args)
    s3 = f(t + 0.5 * h, y + 0.5 * h * s2, args)
    s4 = f(t + h, y + h * s3, args)
    return y + h * (s1 + s2 + s3 + s4) / 4.0


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    def advance(state, _):
        t_now, y_now = state
        y_next = rk4_step(f, t_now, y_now, h, args)
        return (t_now + h, y_next), y_next

    (_, y_last), path = lax.scan(advance, (t0, y0), xs=None, length=n_steps)
    return y_last, path
