# expect: failed values "重新归一化"
# expect.en: "renormalized"
# 错误示范:先对整行做 softmax,再把无效位置置 0。没有重新归一化,有效位置的概率偏小。
def masked_softmax(z, allowed):
    return jnp.where(allowed, jax.nn.softmax(z, axis=-1), 0.0)
