# expect: failed mean "第一项是最终均值" not "放反了"
# expect.en: "the final mean first" not "swapped"
# 错误示范:返回时把方差写了两遍,(方差, 方差, 轨迹)。方差位置上并不是均值,
# 所以不能说“均值和方差放反了”,只能说均值位置上是方差。
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
    var = m2 / n
    return var, var, trace
