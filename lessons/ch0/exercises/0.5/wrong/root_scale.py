# expect: failed noise "√scale" not "scale² ="
# expect.en: "√scale" not "scale² ="
# 错误示范:把 scale 当成方差,乘的是它的平方根。
def two_views(key, x, scale):
    key, k1, k2 = jax.random.split(key, 3)
    std = jnp.sqrt(scale)
    return key, x + std * jax.random.normal(k1, x.shape), x + std * jax.random.normal(k2, x.shape)
