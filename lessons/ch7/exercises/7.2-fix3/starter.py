# 修复练习:logits 里有很大或很小的数时,损失是 inf / NaN。
# 改到检查通过为止(Ctrl+T 看提示)。


def xent(z, labels):
    e = jnp.exp(z)
    probs = e / e.sum(axis=-1, keepdims=True)
    logp = jnp.log(probs)
    return -logp[jnp.arange(z.shape[0]), labels].mean()
