# expect: failed values "晚了一步" not "累加和"
# expect.en: "one step behind" not "running sum"
# 错误示范:先用旧的 carry 算均值再更新,每一步报的都是上一步的均值。
def running_stats(xs):
    def step(state, value):
        acc, n = state
        report = jnp.where(n > 0, acc / jnp.maximum(n, 1), 0.0).astype(xs.dtype)
        return (acc + value, n + 1), report

    start = (jnp.zeros((), xs.dtype), jnp.zeros((), jnp.int32))
    return lax.scan(step, start, xs)
