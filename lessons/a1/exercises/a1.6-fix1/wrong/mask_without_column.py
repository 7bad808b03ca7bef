# expect: failed values "lengths[:, None]"
# expect.en: "lengths[:, None]"
# 掩码直接拿 jnp.arange(T) 和 lengths 比较,忘了给 lengths 加列轴:一个长 T、一个长 B,广播不了。
def masked_mean(padded, lengths):
    keep = jnp.arange(padded.shape[1]) < lengths
    total = jnp.where(keep, padded, 0.0).sum(axis=1)
    return total / jnp.maximum(keep.sum(axis=1), 1)
