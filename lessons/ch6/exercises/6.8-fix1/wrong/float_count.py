# expect: failed dtypes "int32"
# expect.en: "(float32, float32)"
# 错误示范:计数也用了 float32。只编译一次,可计数本该是整数。
def initial_state():
    return (jnp.full((), -jnp.inf, jnp.float32), jnp.zeros((), jnp.float32))


def peak_step(state, v):
    peak, n = state
    return (jnp.maximum(peak, v), n + 1), peak
