# expect: failed trace "不是方差:scan 每一步输出的值应是 M2 / n"
# expect.en: "not the variance: the value each scan step outputs must be M2 / n"
# 错误示范:状态更新完全正确,最后也除以了 n,
# 可每一步交给 scan 记录的是累计的 M2,方差轨迹因此逐项大了 n 倍。


def welford_step(carry, x):
    count, mean, m2 = carry
    count = count + 1
    d = x - mean
    mean = mean + d / count
    m2 = m2 + d * (x - mean)
    return (count, mean, m2), m2


def online_var(xs):
    init = (jnp.int32(0), jnp.float32(0.0), jnp.float32(0.0))
    (count, mean, m2), per_step = lax.scan(welford_step, init, xs)
    return mean, m2 / count, per_step
