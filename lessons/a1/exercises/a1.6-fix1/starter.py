# 修复练习:数据里有真实的 0 时,平均值算错了。
# 改到检查通过为止(Ctrl+T 看提示)。


def masked_mean(padded, lengths):
    valid = padded != 0
    total = jnp.sum(jnp.where(valid, padded, 0.0), axis=1)
    return total / jnp.maximum(valid.sum(axis=1), 1)
