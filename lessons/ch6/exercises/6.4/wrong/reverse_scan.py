# expect: failed fresh "前 1 个数的总体方差 0," not "-0"
# expect.en: "the first 1 value, 0;" not "-0"
# 错误示范:给 lax.scan 加了 reverse=True,数据从最后一个往前走,方差轨迹的第 0 项成了
# 全部数据的方差。一个数的方差是 0,float64 里可能算成 -0.0:提示要写 0,不写 "-0"。
def welford_step(state, x):
    n, mu, m2 = state
    n = n + 1
    d = x - mu
    mu = mu + d / n
    m2 = m2 + d * (x - mu)
    return (n, mu, m2), m2 / n
def online_var(xs):
    z = jnp.zeros((), xs.dtype)
    (n, mu, m2), tr = lax.scan(welford_step, (jnp.int32(0), z, z), xs, reverse=True)
    return mu, m2 / n, tr
