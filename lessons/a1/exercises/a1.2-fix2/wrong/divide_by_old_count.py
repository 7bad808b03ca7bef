# expect: failed values "除以 0" not "前一步"
# expect.en: "divides by 0" not "one step behind"
# 错误示范:先算平均值、后给个数加 1,第一步的个数还是 0。
def running_stats(xs):
    def body(carry, x):
        total, count = carry
        total = total + x
        avg = total / count
        return (total, count + 1), avg

    start = (jnp.zeros((), xs.dtype), jnp.zeros((), jnp.int32))
    return lax.scan(body, start, xs)
