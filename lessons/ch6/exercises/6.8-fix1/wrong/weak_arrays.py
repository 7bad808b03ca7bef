# expect: failed one_compile "弱类型"
# expect.en: "float32 (weak type), int32 (weak type)"
# 错误示范:换成了 jnp.array,可没写 dtype 的 jnp.array(0) 仍是弱类型,照样多编译一次。
def initial_state():
    return (jnp.array(-jnp.inf), jnp.array(0))


def peak_step(state, v):
    peak, n = state
    return (jnp.maximum(peak, v), n + 1), peak
