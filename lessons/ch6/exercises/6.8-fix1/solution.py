# 参考答案:初始状态一开始就是强类型的 float32 / int32,和更新之后的状态签名相同。


def initial_state():
    return (jnp.full((), -jnp.inf, jnp.float32), jnp.zeros((), jnp.int32))


def peak_step(state, v):
    peak, n = state
    return (jnp.maximum(peak, v), n + 1), peak
