# 修复练习:整行都被 mask 时,这一行是 NaN。
# 改到检查通过为止(Ctrl+T 看提示)。


def masked_softmax(z, allowed):
    return jax.nn.softmax(jnp.where(allowed, z, -jnp.inf), axis=-1)
