# expect: failed values "除的是方差" not "对调" "ddof"
# expect.en: "divides by the variance" not "swapped" "ddof"
# 错误示范:标准化时除以方差,忘了方差是标准差的平方。
def normalize(x, center):
    if center:
        return (x - jnp.mean(x)) / jnp.var(x)
    return x / jnp.sqrt(jnp.mean(x**2))


fast_normalize = jax.jit(normalize, static_argnames="center")
