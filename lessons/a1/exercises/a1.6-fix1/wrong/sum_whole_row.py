# expect: failed grad "填充位置上的梯度也是 1/length" not "见期望值"
# expect.en: "1/length at the padding positions too" not "see the expected"
# 错误示范:心想“填充反正是 0,加进去也不影响”,于是整行直接求和,只在分母上用了长度。
# 均值对了,可填充位置的梯度不为 0。
def masked_mean(padded, lengths):
    n = jnp.clip(lengths, 1, None).astype(padded.dtype)
    return padded.sum(axis=-1) / n
