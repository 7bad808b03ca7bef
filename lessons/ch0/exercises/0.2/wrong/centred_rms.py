# expect: failed values "除的是标准差" not "对调"
# expect.en: "the division by the standard deviation" not "swapped"
# 错误示范:不中心化的那一支也先减了均值再求均方根,算出来的其实是标准差。
def normalize(x, center):
    deviation = x - x.mean()
    if center:
        return deviation / jnp.std(x)
    return x / jnp.sqrt((deviation**2).mean())


fast_normalize = jax.jit(normalize, static_argnames="center")
