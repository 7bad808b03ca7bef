# expect: failed values "没有先减去均值" not "对调" "ddof"
# expect.en: "never subtracted" not "swapped" "ddof"
# 错误示范:标准化只除了标准差,没有先减去均值。
def normalize(x, center):
    if center:
        return x / jnp.std(x)
    return x / jnp.sqrt(jnp.mean(x**2))


fast_normalize = jax.jit(normalize, static_argnames="center")
