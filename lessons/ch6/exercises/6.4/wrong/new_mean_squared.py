# expect: failed variance "(x − μ_新)²(两处都用新均值)"
# expect.en: "(x − μ_new)² (the new mean in both places)"
# 错误示范:M2 的增量写成了 (x − 新均值)²。看上去和 δ² 对称,其实两处都用了新均值,
# 每一步都少加了一点:正确的增量是 δ·(x − 新均值),其中 δ 用的是旧均值。
def welford_step(state, x):
    n, mean, m2 = state
    n = n + 1.0
    mean = mean + (x - mean) / n
    m2 = m2 + (x - mean) ** 2
    return (n, mean, m2), m2 / n


def online_var(xs):
    (n, mean, m2), trace = lax.scan(welford_step, (0.0, 0.0, 0.0), xs)
    return mean, m2 / n, trace
