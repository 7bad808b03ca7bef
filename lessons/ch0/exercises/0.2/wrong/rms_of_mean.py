# expect: failed values "先求了均值再平方" not "对调" "乘 2"
# expect.en: "mean is taken first and then squared" not "swapped" "doubles each element"
# 错误示范:括号位置放错,平方套在了均值外面,分母变成 |mean(x)|。
def normalize(x, center):
    if center:
        return (x - jnp.mean(x)) / jnp.std(x)
    return x / jnp.sqrt(jnp.mean(x) ** 2)


fast_normalize = jax.jit(normalize, static_argnames="center")
