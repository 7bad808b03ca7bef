# expect: failed no_nan "NaN"
# expect.en: "NaN"
# 错误示范(把症状压下去的错误办法):空序列得到 NaN,就用 nan_to_num 把它换成 0。
# 数值对了,可计算中途 0/0 照样产生了 NaN,只是事后被换掉。
def masked_mean(padded, lengths):
    valid = jnp.arange(padded.shape[1]) < lengths[:, None]
    total = jnp.sum(jnp.where(valid, padded, 0.0), axis=1)
    return jnp.nan_to_num(total / valid.sum(axis=1))
