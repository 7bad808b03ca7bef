# expect: failed returns "途中某处被改动" "odeint_rk4 要把 args 原样交给 rk4_step" not "NumPy"
# expect.en: "somewhere on their way to f" "odeint_rk4 should hand its args to rk4_step" not "NumPy"
# rk4_step 是对的,odeint_rk4 却把 args 包成 (args,) 再交给它:右端函数收到的是一个元组。
# 检查自己的右端函数不能因此崩成“tracer 被转成 NumPy 数组”,提示也不能只让 rk4_step 的每一级原样传 args。


def rk4_step(f, t, y, h, args):
    half = 0.5 * h
    slope1 = f(t, y, args)
    slope2 = f(t + half, y + half * slope1, args)
    slope3 = f(t + half, y + half * slope2, args)
    slope4 = f(t + h, y + h * slope3, args)
    return y + (h / 6.0) * (slope1 + 2.0 * (slope2 + slope3) + slope4)


def odeint_rk4(f, y0: jax.Array, t0, h, n_steps: int, args):
    """args(物理参数)显式传给 f,不靠闭包。"""

    def advance(state, _unused):
        t_now, y_now = state
        y_next = rk4_step(f, t_now, y_now, h, (args,))      # 把 args 包成元组再传
        return (t_now + h, y_next), y_next          # 输出更新之后的状态

    (_, y_last), path = lax.scan(advance, (t0, y0), xs=None, length=n_steps)
    return y_last, path


