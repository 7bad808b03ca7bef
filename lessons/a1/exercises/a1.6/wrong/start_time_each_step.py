# expect: failed time_dependent "时间不前进" "用这个 t 调用 rk4_step" not "每步之后更新为 t + h。"
# expect.en: "time never advances" "call rk4_step with that t" not "update it to t + h after each step"
# carry 里带着 t,每步也更新成 t + h,可调用 rk4_step 时传的却是 t0:每一步都在 t0 处求值。
# 这份答案已经在 carry 里更新 t,提示不能只叫它“carry 里要带上 t,每步之后更新”,要说出该用 carry 里的 t。
def rk4_step(f, t, y, h, args):
    half = h / 2
    slope1 = f(t, y, args)
    slope2 = f(t + half, y + half * slope1, args)
    slope3 = f(t + half, y + half * slope2, args)
    slope4 = f(t + h, y + h * slope3, args)
    blend = slope1 + 2.0 * (slope2 + slope3) + slope4
    return y + blend * (h / 6)


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    def march(state, _):
        clock, y_now = state
        y_after = rk4_step(f, t0, y_now, h, args)  # t0, not clock
        return (clock + h, y_after), y_after

    (_, final), states = lax.scan(march, (t0, y0), xs=None, length=n_steps)
    return final, states
