# expect: failed traj_numpy "晚了一步"
# expect.en: "one step late"
# expect.silent: time_dependent
# scan 每一步输出的是更新**之前**的状态:轨迹以 y0 开头、少了最后一步,整体晚了一步。
def rk4_step(f, t, y, h, args):
    s1 = f(t, y, args)
    s2 = f(t + 0.5 * h, y + 0.5 * h * s1, args)
    s3 = f(t + 0.5 * h, y + 0.5 * h * s2, args)
    s4 = f(t + h, y + h * s3, args)
    return y + h / 6.0 * (s1 + 2.0 * s2 + 2.0 * s3 + s4)


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    def advance(state, _):
        t_now, y_now = state
        return (t_now + h, rk4_step(f, t_now, y_now, h, args)), y_now

    (_, y_last), path = lax.scan(advance, (t0, y0), xs=None, length=n_steps)
    return y_last, path
