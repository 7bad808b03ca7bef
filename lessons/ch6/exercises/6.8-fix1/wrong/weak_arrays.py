# expect: failed one_compile "峰值从弱类型" not "峰值和计数都"
# expect.en: "float32 (weak type), int32 (weak type)" "turns the peak" not "both the peak and the count"
# 错误示范:换成了 jnp.array,可没写 dtype 的 jnp.array(-jnp.inf) 仍是弱类型:和 float32 的 v 取 max
# 之后峰值变成强类型,第二次调用多编译一次。计数 jnp.array(0) 加 1 之后还是弱类型,不引起重新编译,
# 所以提示只说峰值。
def initial_state():
    return (jnp.array(-jnp.inf), jnp.array(0))


def peak_step(state, v):
    peak, n = state
    return (jnp.maximum(peak, v), n + 1), peak
