# expect: error uses_scan "must have equal types"
# expect.en: "must have equal types"
# 计数用强类型 int32 初始化,主体里却加了浮点 1.0:carry 的 dtype 前后不一致,lax.scan 报 TypeError。
def welford_step(state, x):
    n, mean, m2 = state
    n = n + 1.0
    delta = x - mean
    mean = mean + delta / n
    m2 = m2 + delta * (x - mean)
    return (n, mean, m2), m2 / n


def online_var(xs):
    start = (jnp.zeros((), jnp.int32), jnp.zeros(()), jnp.zeros(()))  # 计数是强类型 int32
    (n, mean, m2), trace = lax.scan(welford_step, start, xs)
    return mean, m2 / n, trace
