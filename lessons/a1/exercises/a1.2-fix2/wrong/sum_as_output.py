# expect: failed values "累加和" not "晚了一步"
# expect.en: "running sum" not "one step behind"
# 错误示范:carry 更新得对,可每一步交出去的是累计的和,忘了除以个数。
def running_stats(xs):
    def step(state, value):
        acc, n = state
        acc = acc + value
        n = n + 1
        return (acc, n), acc

    start = (jnp.zeros((), xs.dtype), jnp.zeros((), jnp.int32))
    return lax.scan(step, start, xs)
