# expect: failed values "0/0" not "-inf − (-inf)"
# expect.en: "0/0" not "-inf − (-inf)"
# 错误示范:不填 logit,而是把 exp 的结果按掩码清零再归一化。整行无效时分母是 0。
def masked_softmax(z, allowed):
    w = jnp.where(allowed, jnp.exp(z - z.max(axis=-1, keepdims=True)), 0.0)
    return w / w.sum(axis=-1, keepdims=True)
