# expect: failed values "把无效位置的 logit 设成 0"
# expect.en: "with the invalid logits set to 0"
# 错误示范:不用 -inf 了,改成把无效位置的 logit 填 0,再乘掩码;可 0 照样分走份额,有效位置加起来不到 1。
def masked_softmax(z, allowed):
    filled = jnp.where(allowed, z, jnp.zeros_like(z))
    return jax.nn.softmax(filled, axis=-1) * allowed.astype(z.dtype)
