# expect: failed one_compile "float16" "dtype 变了"
# expect.en: "float16" "dtypes change"
# 错误示范:峰值用了 float16,和 float32 的数据取 max 后提升成 float32,签名照样变一次。
def initial_state():
    return (jnp.full((), -jnp.inf, jnp.float16), jnp.zeros((), jnp.int32))

def peak_step(state, v):
    peak, n = state
    return (jnp.maximum(peak, v), n + 1), peak
