# expect: failed values "除的是标准差" not "均方根是对 x − mean(x) 算的" "对调"
# expect.en: "the division by the standard deviation" not "the root mean square was taken of" "swapped"
# 错误示范:不中心化的那一支直接写了 jnp.std(x),以为它就是均方根。结果等于 x / std(x),
# 但代码里并没有对 x − mean(x) 求均方根,提示只能说除的是标准差,不能说"均方根是对 x − mean(x) 算的"。
def normalize(x, center):
    if center:
        return (x - jnp.mean(x)) / jnp.std(x)
    return x / jnp.std(x)


fast_normalize = jax.jit(normalize, static_argnames="center")
