# expect: failed mean "加了两次 1" not "计数从 1 开始,第 k 个数"
# expect.en: "added twice" not "the count starts at 1, so"
# 错误示范:初始计数是 0,可每步先把计数加 1,除的时候又写成 count + 1,第 k 个数除以 k + 1。
# 计数并不是从 1 开始的,消息不能这样断言,只能说测到的 Σx / (n + 1) 和两种可能的来由。
def welford_step(state, x):
    count, mu, m2 = state
    count = count + 1.0
    diff = x - mu
    mu = mu + diff / (count + 1.0)
    m2 = m2 + diff * (x - mu)
    return (count, mu, m2), m2 / count


def online_var(xs):
    init = (jnp.float32(0.0), jnp.float32(0.0), jnp.float32(0.0))
    (count, mu, m2), trace = lax.scan(welford_step, init, xs)
    return mu, m2 / count, trace
