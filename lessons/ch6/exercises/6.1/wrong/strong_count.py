# expect: failed trace_once "从弱类型变成了强类型"
# expect.en: "went from a weak type to a strong type"
# 错误示范:想“规范” dtype,把新计数显式转成 int32 数组。
# 调用者从 Python 整数 0 起步,那是弱类型;返回的却是强类型 int32,第二次调用的签名因此变了,又追踪一次。
def update_counter(c, extra):
    bumped = jnp.asarray(c + 1, dtype=jnp.int32)
    return bumped, extra
