# expect: failed values "NaN"
# expect.en: "NaN"
# 错误示范:掩码对了,可分母没有下限,空序列 0/0 = NaN。
def masked_mean(padded, lengths):
    valid = jnp.arange(padded.shape[1]) < lengths[:, None]
    total = jnp.sum(jnp.where(valid, padded, 0.0), axis=1)
    return total / valid.sum(axis=1)
