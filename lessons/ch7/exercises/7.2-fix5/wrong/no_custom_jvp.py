# expect: failed rule "custom_jvp"
# expect.en: "custom_jvp"
# 错误示范:把 custom_jvp 整个删掉,改在函数里用双 where。梯度对了,可规则没有修,而是不见了。
def length(v):
    total = jnp.sum(v * v)
    result = double_where(jnp.sqrt, total, total > 0, 1.0, 0.0)
    return result
