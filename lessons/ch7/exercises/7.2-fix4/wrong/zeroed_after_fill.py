# expect: failed values "均匀分布" "softmax 之后再用掩码" not "NaN"
# expect.en: "uniform" "a mask applied after the softmax" not "NaN"
# 错误示范:填的是有限的 finfo.min(不会有 NaN),可又在输出上把无效位置清零,整行无效的那一行成了全 0。


def masked_softmax(z, allowed):
    fill = jnp.finfo(z.dtype).min
    probs = jax.nn.softmax(jnp.where(allowed, z, fill), axis=-1)
    return jnp.where(allowed, probs, 0.0)
