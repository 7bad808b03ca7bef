# expect: failed trace "晚了一步" not "不是方差"
# expect.en: "one step late" not "not the variance"
# 错误示范:每一步输出的是更新前那个状态的方差,轨迹整体晚了一步(第一项是 0/0)。
def welford_step(state, x):
    n, mean, m2 = state
    new_n = n + 1
    delta = x - mean
    new_mean = mean + delta / new_n
    new_m2 = m2 + delta * (x - new_mean)
    return (new_n, new_mean, new_m2), m2 / n


def online_var(xs):
    zero = jnp.zeros((), xs.dtype)
    (n, mean, m2), trace = lax.scan(welford_step, (jnp.int32(0), zero, zero), xs)
    return mean, m2 / n, trace
