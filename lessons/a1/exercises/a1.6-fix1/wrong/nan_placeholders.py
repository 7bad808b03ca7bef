# expect: failed no_nan "产生了 NaN" not "0/0 先得到 NaN"
# expect.en: "A NaN appears midway" not "0/0 first gives NaN"
# 用长度做掩码,却把 padding 填成 NaN,再用 nanmean 求均值、nan_to_num 收尾:数值和梯度都对,
# 但中途最先出现的 NaN 是自己填进去的占位值,不是空序列的 0/0,提示不能说“空序列的 0/0 先得到 NaN”。
def masked_mean(padded, lengths):
    positions = jnp.arange(padded.shape[1])
    real = jnp.where(positions < lengths[:, None], padded, jnp.nan)
    return jnp.nan_to_num(jnp.nanmean(real, axis=1))
