# expect: failed one_compile "弱类型"
# expect.en: "weak type"
# 错误示范(把症状压下去的错误办法):在 peak_step 里把状态转成 float32 / int32。
# 输出是强类型了,可第一次调用的输入仍是弱类型,签名照样变一次。
def initial_state():
    return (float("-inf"), 0)


def peak_step(state, v):
    peak, n = state
    peak, n = jnp.asarray(peak, jnp.float32), jnp.asarray(n, jnp.int32)
    return (jnp.maximum(peak, v), n + 1), peak
