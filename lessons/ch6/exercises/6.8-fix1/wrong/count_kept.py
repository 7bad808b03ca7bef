# expect: failed values "原样交回" not "从 0 开始"
# expect.en: "hands the count back as it came in" not "starts at"
# 错误示范:更新了峰值,却把计数原样放回新状态,忘了加 1。
def initial_state():
    return (jnp.full((), -jnp.inf, jnp.float32), jnp.zeros((), jnp.int32))


def peak_step(state, v):
    peak, n = state
    return (jnp.maximum(peak, v), n), peak
