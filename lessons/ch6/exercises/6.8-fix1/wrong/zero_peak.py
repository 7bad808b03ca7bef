# expect: failed values "0"
# expect.en: "0"
# 错误示范:峰值从 0 开始。dtype 对了,可数据全是负数时峰值停在 0。
def initial_state():
    return (jnp.zeros((), jnp.float32), jnp.zeros((), jnp.int32))


def peak_step(state, v):
    peak, n = state
    return (jnp.maximum(peak, v), n + 1), peak
