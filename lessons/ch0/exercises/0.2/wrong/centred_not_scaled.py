# expect: failed values "没有再除以标准差" not "对调" "ddof"
# expect.en: "division by the standard deviation is missing" not "swapped" "ddof"
# 错误示范:标准化只减去了均值,忘了除以标准差。
def normalize(x, center):
    if center:
        return x - jnp.mean(x)
    return x / jnp.sqrt(jnp.mean(x**2))


fast_normalize = jax.jit(normalize, static_argnames="center")
