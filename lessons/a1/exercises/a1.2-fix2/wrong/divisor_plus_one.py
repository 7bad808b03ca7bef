# expect: failed values "又加了一次 1" not "计数从 1"
# expect.en: "adds 1 to it again" not "the count starts at 1"
# 错误示范:计数从 0 开始、先加 1,算均值时却又把除数写成 n + 1。
def running_stats(xs):
    def step(acc, value):
        s, n = acc
        n = n + 1
        s = s + value
        return (s, n), s / (n + 1)

    return lax.scan(step, (jnp.zeros((), xs.dtype), jnp.zeros((), jnp.int32)), xs)
