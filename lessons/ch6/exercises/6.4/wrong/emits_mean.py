# expect: failed trace "返回的是均值而不是方差"
# expect.en: "returns the mean instead of the variance"
# 每步输出的是当前均值而不是当前方差:方差轨迹应是 M2 / n。
def welford_step(state, x):
    n, mean, m2 = state
    n = n + 1.0
    delta = x - mean
    mean = mean + delta / n
    m2 = m2 + delta * (x - mean)
    return (n, mean, m2), mean


def online_var(xs):
    (n, mean, m2), trace = lax.scan(welford_step, (0.0, 0.0, 0.0), xs)
    return mean, m2 / n, trace
