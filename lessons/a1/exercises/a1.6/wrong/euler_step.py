# expect: failed step "y + h·(k1)" not "晚了一步"
# expect.en: "y + h·(k1)" not "one step late"
# expect.silent: traj_numpy analytic grad_v0 vmap_y0 time_dependent
# 把 rk4_step 写成了一阶的欧拉法 y + h·f(t, y):轨迹每一步都和 RK4 差一点,越积越多,但并没有错位一步。
def rk4_step(f, t, y, h, args):
    return y + h * f(t, y, args)


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    def advance(state, _):
        t_now, y_now = state
        y_next = rk4_step(f, t_now, y_now, h, args)
        return (t_now + h, y_next), y_next

    (_, y_last), path = lax.scan(advance, (t0, y0), xs=None, length=n_steps)
    return y_last, path
