# expect: failed values "多算了第一个填充位置" not "每行多算了"
# expect.en: "also counts its first padding position" not "Each row counts"
# 错误示范:用 <= 生成掩码,比 T 短的行都多算了第一个填充位置(长度为 T 的行不受影响)。
def masked_mean(padded, lengths):
    valid = jnp.arange(padded.shape[1]) <= lengths[:, None]
    total = jnp.sum(jnp.where(valid, padded, 0.0), axis=1)
    return total / jnp.maximum(valid.sum(axis=1), 1)
