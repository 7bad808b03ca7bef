# expect: failed values "分母多算了一个"
# expect.en: "the denominator counts one too many"
# 错误示范:分母写成 lengths + 1,想用加一来避免除以 0。


def masked_mean(padded, lengths):
    valid = jnp.arange(padded.shape[1]) < lengths[:, None]
    total = jnp.sum(jnp.where(valid, padded, 0.0), axis=1)
    return total / (lengths + 1)
