# expect: failed jit "转换也会" not "不是 + 1.0"
# expect.en: "so does a conversion" not "(not + 1.0)"
# 错误示范:计数加的是整数 1,随后却转成了 float32,计数不再是 int32。
def tick(count, v):
    return (count + 1).astype(jnp.float32), v + 1
