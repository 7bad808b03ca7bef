# expect: failed values "计数从 1 而不是从 0 开始" not "递增之前"
# expect.en: "the count starts at 1 instead of 0" not "before it was incremented"
# 错误示范:把计数的初值写成了 1,以为"第一个数算一个"。
def running_stats(xs):
    def step(acc, value):
        s, n = acc
        s = s + value
        n = n + 1
        return (s, n), s / n

    start = (jnp.zeros((), xs.dtype), jnp.ones((), jnp.int32))
    return lax.scan(step, start, xs)
