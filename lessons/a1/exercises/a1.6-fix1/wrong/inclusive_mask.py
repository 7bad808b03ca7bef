# expect: failed grad "<=" "碰巧没错" not "NaN"
# expect.en: "<=" "happen to be right" not "NaN"
# 错误示范:掩码把第 lengths[i] 个位置也算成有效(>=),分母却直接用长度:填充是 0,平均值碰巧对,梯度漏到了第一个填充位置上。


def masked_mean(padded, lengths):
    positions = jnp.arange(padded.shape[1])[None, :]
    keep = (lengths[:, None] >= positions).astype(padded.dtype)
    return (padded * keep).sum(axis=1) / jnp.clip(lengths, 1, None)
