# expect: failed variance "平方和相减"
# expect.en: "difference of squares"
# 用“平方和相减”:E[x²] − E[x]²。数据在 1000 附近时,float32 下两个大数相减,有效数字全丢了。
def welford_step(state, x):
    n, total, total_sq = state
    n = n + 1.0
    total = total + x
    total_sq = total_sq + x * x
    mean = total / n
    return (n, total, total_sq), total_sq / n - mean * mean


def online_var(xs):
    (n, total, total_sq), trace = lax.scan(welford_step, (0.0, 0.0, 0.0), xs)
    mean = total / n
    return mean, total_sq / n - mean * mean, trace
