# expect: failed values "ddof" not "两种模式"
# expect.en: "ddof" not "two modes"
# 错误示范:用了样本标准差(ddof=1)。题目要的是总体标准差,也就是 jnp.std 的默认值。
def normalize(x, center):
    if center:
        return (x - jnp.mean(x)) / jnp.std(x, ddof=1)
    return x / jnp.sqrt(jnp.mean(x**2))


fast_normalize = jax.jit(normalize, static_argnames="center")
