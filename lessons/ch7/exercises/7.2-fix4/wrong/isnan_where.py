# expect: failed values "均匀分布" "产生了 NaN" not "乘上掩码"
# expect.en: "uniform" "finds a NaN made on the way" not "multiplied by the mask"
# 错误示范(压下症状的错误办法):softmax 之后用 where 把 NaN 挑出来换成 0。NaN 只是被藏起来,整行无效的那一行和为 0。


def masked_softmax(z, allowed):
    probs = jax.nn.softmax(jnp.where(allowed, z, -jnp.inf), axis=-1)
    return jnp.where(jnp.isnan(probs), 0.0, probs)
