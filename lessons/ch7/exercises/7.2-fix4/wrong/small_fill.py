# expect: failed values "填充值跟有效 logit 比还不够小"
# expect.en: "fill is not small enough"
# 错误示范:无效位置填了 -5,以为够小了,可 logit 本身就有几的量级,exp(-5) 还占着概率。
def masked_softmax(z, allowed):
    return jax.nn.softmax(jnp.where(allowed, z, -5.0), axis=-1)
