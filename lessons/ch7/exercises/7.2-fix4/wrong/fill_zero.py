# expect: failed values "无效位置" "填成 0 的 softmax" not "填成约"
# expect.en: "Invalid positions" "filled with 0:" not "about"
# 错误示范:无效位置填 0。不会 NaN 了,可 logit 0 不算小,无效位置分到了概率。
def masked_softmax(z, allowed):
    return jax.nn.softmax(jnp.where(allowed, z, 0.0), axis=-1)
