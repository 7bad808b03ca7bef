# expect: failed values "按列取的" not "不经过概率"
# expect.en: "taken per column" not "without going through probabilities"
# 错误示范:最大值沿 axis=0 取,减掉的是每一列(跨样本)的最大值。
def xent(z, labels):
    top = z.max(axis=0, keepdims=True)
    shifted = z - top
    logp = shifted - jnp.log(jnp.exp(shifted).sum(axis=-1, keepdims=True))
    return -logp[jnp.arange(z.shape[0]), labels].mean()
