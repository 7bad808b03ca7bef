# expect: failed returns "顺序反了"
# expect.en: "wrong order"
# 积分器本身没问题,只是把返回值写成了 (轨迹, 最终状态),和接口 (y_T, traj) 的顺序相反。
def rk4_step(f, t, y, h, args):
    half = 0.5 * h
    s1 = f(t, y, args)
    s2 = f(t + half, y + half * s1, args)
    s3 = f(t + half, y + half * s2, args)
    s4 = f(t + h, y + h * s3, args)
    return y + (h / 6.0) * (s1 + 2.0 * (s2 + s3) + s4)


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    def march(state, _):
        clock, current = state
        following = rk4_step(f, clock, current, h, args)
        return (clock + h, following), following

    (_, y_end), states = lax.scan(march, (t0, y0), xs=None, length=n_steps)
    return states, y_end
