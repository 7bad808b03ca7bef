# expect: failed body "welford_step 一次也没有被调用"
# expect.en: "welford_step was never called"
# online_var 里另写了一个主体函数,welford_step 根本没被用上(它自己也写错了,只是没人发现)。
def welford_step(state, x):
    n, mean, m2 = state
    return (n + 1.0, x, m2), m2


def online_var(xs):
    def body(state, x):
        n, mean, m2 = state
        n = n + 1.0
        delta = x - mean
        mean = mean + delta / n
        m2 = m2 + delta * (x - mean)
        return (n, mean, m2), m2 / n

    (n, mean, m2), trace = lax.scan(body, (0.0, 0.0, 0.0), xs)
    return mean, m2 / n, trace
