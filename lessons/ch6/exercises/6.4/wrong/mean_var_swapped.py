# expect: failed mean "均值和方差放反了" not "计数从 1 开始"
# expect.en: "the mean and the variance are swapped" not "count starts at 1"
# 错误示范:返回值的顺序写成了 (方差, 均值, 轨迹)。
def welford_step(state, x):
    n, mean, m2 = state
    n = n + 1
    delta = x - mean
    mean = mean + delta / n
    m2 = m2 + delta * (x - mean)
    return (n, mean, m2), m2 / n


def online_var(xs):
    zero = jnp.zeros((), xs.dtype)
    (n, mean, m2), trace = lax.scan(welford_step, (jnp.int32(0), zero, zero), xs)
    return m2 / n, mean, trace
