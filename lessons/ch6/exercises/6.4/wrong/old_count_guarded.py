# expect: failed trace "加一之前的个数"
# expect.en: "the count from before its increment"
# 错误示范:均值的更新用了还没加一的计数,第一步为了不除以 0 换成了 1,于是均值每步都挪得太多。
def welford_step(state, x):
    seen, avg, m2 = state
    d = x - avg
    avg = avg + d / jnp.where(seen == 0, 1, seen)
    seen = seen + 1
    m2 = m2 + d * (x - avg)
    return (seen, avg, m2), m2 / seen


def online_var(xs):
    start = (jnp.int32(0), jnp.zeros((), xs.dtype), jnp.zeros((), xs.dtype))
    (seen, avg, m2), trace = lax.scan(welford_step, start, xs)
    return avg, m2 / seen, trace
