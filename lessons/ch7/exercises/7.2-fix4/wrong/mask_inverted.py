# expect: failed values "掩码用反了"
# expect.en: "the mask is inverted"
# 错误示范:where 的两个分支写反了,有效位置被填成极小值,无效位置留下了原 logit。
def masked_softmax(z, allowed):
    low = jnp.finfo(z.dtype).min
    return jax.nn.softmax(jnp.where(allowed, low, z), axis=-1)
