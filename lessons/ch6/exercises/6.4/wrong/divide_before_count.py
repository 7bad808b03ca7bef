# expect: failed mean "实际是 nan"
# expect.en: "it is nan"
# 在计数加 1 之前就用 n 做了除法:第一步是 δ / 0,之后全是 inf / nan。
def welford_step(state, x):
    n, mean, m2 = state
    delta = x - mean
    mean = mean + delta / n
    m2 = m2 + delta * (x - mean)
    n = n + 1.0
    return (n, mean, m2), m2 / n


def online_var(xs):
    (n, mean, m2), trace = lax.scan(welford_step, (0.0, 0.0, 0.0), xs)
    return mean, m2 / n, trace
