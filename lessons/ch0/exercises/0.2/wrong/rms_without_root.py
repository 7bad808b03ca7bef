# expect: failed values "少了平方根" not "对调" "ddof"
# expect.en: "square root is missing" not "swapped" "ddof"
# 错误示范:均方根忘了开方,除的是 mean(x²)。
def normalize(x, center):
    if center:
        return (x - jnp.mean(x)) / jnp.std(x)
    return x / jnp.mean(x**2)


fast_normalize = jax.jit(normalize, static_argnames="center")
