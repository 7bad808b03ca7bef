# expect: failed values "这一步的 x_t 除以计数"
# expect.en: "that step's x_t divided by the count"
# 输出写成了新来的数除以计数,而不是累计的和除以计数。
def running_stats(xs):
    def body(carry, x):
        acc, n = carry
        acc, n = acc + x, n + 1
        return (acc, n), x / n

    start = (jnp.zeros((), xs.dtype), jnp.zeros((), jnp.int32))
    return lax.scan(body, start, xs)
