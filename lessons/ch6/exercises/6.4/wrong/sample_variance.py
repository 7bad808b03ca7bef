# expect: failed variance "除以了 n − 1"
# expect.en: "divides by n − 1"
# expect.silent: vmap_values
# 除以了 n − 1(样本方差):本题要的是总体方差 M2 / n(和 jnp.var 一致),第一步还会得到 0/0。
def welford_step(state, x):
    n, mean, m2 = state
    n = n + 1.0
    delta = x - mean
    mean = mean + delta / n
    m2 = m2 + delta * (x - mean)
    return (n, mean, m2), m2 / (n - 1.0)


def online_var(xs):
    (n, mean, m2), trace = lax.scan(welford_step, (0.0, 0.0, 0.0), xs)
    return mean, m2 / (n - 1.0), trace
