# expect: failed values "轨迹整体落后一步" not "整体超前一步"
# expect.en: "The trajectory lags one step behind" not "one step ahead"
# 静态参数改对了,可 scan 主体把更新前的 x 当成了本步输出:轨迹从起点开始,少了最后一步。


def halve_and_shift(x, _):
    return 0.5 * x + 1.0, x


def trajectory(x0, n_steps):
    _, path = lax.scan(halve_and_shift, x0, None, length=n_steps)
    return path


orbit = jax.jit(trajectory, static_argnames=("n_steps",))
