# expect: failed uses_scan "追踪时被展开"
# expect.en: "unrolled while tracing"
# 用 Python for 循环代替 lax.scan:结果对,但 jit 会把循环展开成 300 份,编译又慢又大。
def welford_step(state, x):
    n, mean, m2 = state
    n = n + 1.0
    delta = x - mean
    mean = mean + delta / n
    m2 = m2 + delta * (x - mean)
    return (n, mean, m2), m2 / n


def online_var(xs):
    state = (0.0, 0.0, 0.0)
    trace = []
    for i in range(xs.shape[0]):
        state, var = welford_step(state, xs[i])
        trace.append(var)
    n, mean, m2 = state
    return mean, m2 / n, jnp.stack(trace)
