# expect: failed values "0 / 0 = NaN" not "应是前 t+1 个数的平均值"
# expect.en: "0 / 0 = NaN" not "should be the mean of the first t+1 numbers"
# 错误示范:进循环体先拿旧的和与旧的个数求均值,再把新数加进去;第一步的个数还是 0。
def running_stats(xs):
    def step(state, value):
        s, n = state
        avg = s / n
        return (s + value, n + 1), avg

    zero_f = jnp.zeros((), xs.dtype)
    return lax.scan(step, (zero_f, jnp.zeros((), jnp.int32)), xs)
