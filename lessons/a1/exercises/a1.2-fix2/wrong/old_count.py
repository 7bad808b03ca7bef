# expect: failed values "加 1 之前"
# expect.en: "before it was incremented"
# 错误示范:平均值用了加 1 之前的个数。
def running_stats(xs):
    def body(carry, x):
        total, count = carry
        return (total + x, count + 1), (total + x) / jnp.maximum(count, 1)

    init = (jnp.zeros((), xs.dtype), jnp.zeros((), jnp.int32))
    return lax.scan(body, init, xs)
