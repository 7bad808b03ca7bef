# expect: failed grad_v0 "∂x(T)/∂v0 是 0"
# expect.en: "∂x(T)/∂v0 is 0"
# 积分本身正确,但初值先经过 lax.stop_gradient:对初值求导时梯度处处为 0。
def rk4_step(f, t, y, h, args):
    s1 = f(t, y, args)
    s2 = f(t + 0.5 * h, y + 0.5 * h * s1, args)
    s3 = f(t + 0.5 * h, y + 0.5 * h * s2, args)
    s4 = f(t + h, y + h * s3, args)
    return y + h / 6.0 * (s1 + 2.0 * s2 + 2.0 * s3 + s4)


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    def advance(state, _):
        t_now, y_now = state
        y_next = rk4_step(f, t_now, y_now, h, args)
        return (t_now + h, y_next), y_next

    start = (t0, lax.stop_gradient(y0))
    (_, y_last), path = lax.scan(advance, start, xs=None, length=n_steps)
    return y_last, path
