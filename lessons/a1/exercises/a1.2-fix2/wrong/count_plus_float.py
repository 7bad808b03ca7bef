# expect: failed values "dtype"
# expect.en: "dtype"
# expect.silent: dtypes
# 容器改对了,个数却每步加 1.0:int32 的个数变成了 float32,scan 报 carry 的 dtype 变了。
# 同一个错误只该由 values 报一次,dtypes 要沉默,不能把同一段报错再原样显示一遍。
def running_stats(xs):
    def body(carry, x):
        total, count = carry
        count = count + 1.0
        total = total + x
        return (total, count), total / count

    start = (jnp.zeros((), xs.dtype), jnp.zeros((), jnp.int32))
    return lax.scan(body, start, xs)
