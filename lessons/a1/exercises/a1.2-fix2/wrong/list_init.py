# expect: failed dtypes "int32"
# expect.en: "int32"
# 错误示范:为了对上结构,把初值改成列表,同时个数写成了 0.0。结构一致了,个数却变成了浮点数。
def running_stats(xs):
    def body(carry, x):
        total, count = carry
        total, count = total + x, count + 1
        return [total, count], total / count

    return lax.scan(body, [jnp.zeros((), xs.dtype), jnp.zeros((), xs.dtype)], xs)
