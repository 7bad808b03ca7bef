# expect: failed values "没有除以有效个数" not "分母多算了一个"
# expect.en: "not divided by the number of valid positions" not "one too many"
# 用掩码的平均值代替了个数:mask.mean() 不超过 1,再和 1 取最大值就成了 1,结果只是有效部分的和。
def masked_mean(padded, lengths):
    mask = jnp.arange(padded.shape[1])[None, :] < lengths[:, None]
    summed = jnp.sum(padded * mask, axis=1)
    return summed / jnp.maximum(mask.mean(axis=1), 1.0)
