# expect: failed values "B×B" not "不一致"
# expect.en: "B×B block" not "does not match"
# 错误示范:按标签取列时取成了整块,每个样本的 log 概率都和所有标签配了一遍。
def xent(z, labels):
    lp = jax.nn.log_softmax(z, axis=-1)
    return -jnp.take(lp, labels, axis=1).mean()
