# expect: failed traj_numpy "最后一行"
# expect.en: "last row"
# expect.silent: analytic grad_v0 vmap_y0
# 轨迹算对了,返回时却把起点 y0 当成了 y_T(scan 的最终 carry 没接住)。比较轨迹的检查指出 y_T 不是
# 最后一个状态;解析解、梯度(对 y0 求导恰好为 0)和 vmap 的差别都来自这里,不该说成梯度被截断。
def rk4_step(f, t, y, h, args):
    slopes = [f(t, y, args)]
    for dt, dy in ((h / 2, h / 2), (h / 2, h / 2), (h, h)):
        slopes.append(f(t + dt, y + dy * slopes[-1], args))
    k1, k2, k3, k4 = slopes
    return y + h * (k1 + k4 + 2.0 * (k2 + k3)) / 6.0


def odeint_rk4(f, y0, t0, h, n_steps, args):
    def go(carry, _):
        now, state = carry
        state = rk4_step(f, now, state, h, args)
        return (now + h, state), state

    path = lax.scan(go, (t0, y0), xs=None, length=n_steps)[1]
    return y0, path
