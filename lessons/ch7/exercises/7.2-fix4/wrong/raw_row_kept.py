# expect: failed values "原始 logits 的 softmax" not "NaN"
# expect.en: "softmax of the raw logits" not "NaN"
# 错误示范:只在有有效位置的行里填掩码,整行无效的那一行原样保留了 logits。
def masked_softmax(z, allowed):
    any_ok = allowed.any(axis=-1, keepdims=True)
    fill = jnp.finfo(z.dtype).min
    return jax.nn.softmax(jnp.where(allowed | ~any_ok, z, fill), axis=-1)
