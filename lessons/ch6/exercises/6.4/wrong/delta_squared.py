# expect: failed trace "δ²(两处都用旧均值)"
# expect.en: "δ² (the old mean in both places)"
# M2 的增量写成了 δ²(两处都用旧均值):应为 δ·(x − 新均值)。前几步的方差会偏大一倍。
def welford_step(state, x):
    n, mean, m2 = state
    n = n + 1.0
    delta = x - mean
    mean = mean + delta / n
    m2 = m2 + delta * delta
    return (n, mean, m2), m2 / n


def online_var(xs):
    (n, mean, m2), trace = lax.scan(welford_step, (0.0, 0.0, 0.0), xs)
    return mean, m2 / n, trace
