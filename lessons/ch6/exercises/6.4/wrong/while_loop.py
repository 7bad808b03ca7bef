# expect: failed uses_scan "while 循环"
# expect.en: "holds a while loop"
# 用 lax.fori_loop 遍历数据、每步把方差写进预先分配的轨迹数组:数值都对,可边界取自 xs 的长度
# 并被 jnp.asarray 变成了数组,fori_loop 只好降成 while 循环,程序里没有题目要求的 scan。
def welford_step(state, x):
    count, mu, m2 = state
    count = count + 1.0
    gap = x - mu
    mu = mu + gap / count
    m2 = m2 + gap * (x - mu)
    return (count, mu, m2), m2 / count


def online_var(xs):
    def visit(k, carry):
        state, trace = carry
        state, var = welford_step(state, xs[k])
        return state, trace.at[k].set(var)

    start = (jnp.float32(0.0), jnp.float32(0.0), jnp.float32(0.0))
    upper = jnp.asarray(xs.shape[0])
    (count, mu, m2), trace = lax.fori_loop(0, upper, visit, (start, jnp.zeros_like(xs)))
    return mu, m2 / count, trace
