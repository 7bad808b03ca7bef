# expect: failed from_scan "在 scan 之外还直接依赖 xs"
# expect.en: "from xs directly, outside the scan as well" not "also depend on"
# 错误示范:scan 里老老实实跑了 Welford,方差轨迹也对,可最后返回的均值和方差
# 却是另外用 jnp.mean / jnp.var 直接算的:scan 的最终状态被丢掉了,
# 这等于没有用在线算法求结果(数据一条条到来、拿不到整个 xs 时就行不通)。
def welford_step(state, x):
    n, mean, m2 = state
    n = n + 1.0
    delta = x - mean
    mean = mean + delta / n
    m2 = m2 + delta * (x - mean)
    return (n, mean, m2), m2 / n


def online_var(xs):
    _, trace = lax.scan(welford_step, (0.0, 0.0, 0.0), xs)
    return jnp.mean(xs), jnp.var(xs), trace
