# expect: failed values "多算了一个"
# expect.en: "one position too many"
# 错误示范:用 <= 生成掩码,每行多算了一个位置(长度为 T 的行不受影响)。
def masked_mean(padded, lengths):
    valid = jnp.arange(padded.shape[1]) <= lengths[:, None]
    total = jnp.sum(jnp.where(valid, padded, 0.0), axis=1)
    return total / jnp.maximum(valid.sum(axis=1), 1)
