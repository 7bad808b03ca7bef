# expect: failed values "均匀分布" "产生了 NaN" not "乘上掩码"
# expect.en: "uniform" "finds a NaN made on the way" not "multiplied by the mask"
# 错误示范(压下症状的错误办法):事后把 NaN 换成 0。没有 NaN 了,可整行无效的那一行和为 0,不是概率分布。
def masked_softmax(z, allowed):
    return jnp.nan_to_num(jax.nn.softmax(jnp.where(allowed, z, -jnp.inf), axis=-1))
