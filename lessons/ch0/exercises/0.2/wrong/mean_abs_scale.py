# expect: failed values "绝对值的均值" not "对调" "ddof"
# expect.en: "mean absolute value" not "swapped" "ddof"
# 错误示范:不居中时除以绝对值的均值,不是均方根。
def normalize(x, center):
    if center:
        return (x - jnp.mean(x)) / jnp.std(x)
    return x / jnp.mean(jnp.abs(x))


fast_normalize = jax.jit(normalize, static_argnames="center")
