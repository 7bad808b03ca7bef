# expect: failed values "除以的是均值的大小" not "对调" "乘 2"
# expect.en: "divided by the size of its mean" not "swapped" "doubles each element"
# 错误示范:括号位置放错,平方套在了均值外面,分母变成 |mean(x)|。
def normalize(x, center):
    if center:
        return (x - jnp.mean(x)) / jnp.std(x)
    return x / jnp.sqrt(jnp.mean(x) ** 2)


fast_normalize = jax.jit(normalize, static_argnames="center")
