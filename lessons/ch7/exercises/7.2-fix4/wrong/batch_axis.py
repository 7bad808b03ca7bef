# expect: failed values "axis=0" not "不一致"
# expect.en: "along axis=0 (the batch)" not "do not match"
# 错误示范:填充值选对了,可 softmax 沿的是第一个轴:同一列的不同样本被归一化到了一起。
def masked_softmax(z, allowed):
    logits = jnp.where(allowed, z, jnp.finfo(jnp.float32).min)
    return jax.nn.softmax(logits, axis=0)
