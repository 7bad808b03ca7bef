# expect: failed values "乘 2" not "对调" "平方和"
# expect.en: "doubles each element" not "swapped" "sum of squares"
# 错误示范:均方根里把平方 x ** 2 手误写成了 x * 2。
def normalize(x, center):
    if center:
        return (x - jnp.mean(x)) / jnp.std(x)
    return x / jnp.sqrt(jnp.mean(x * 2))


fast_normalize = jax.jit(normalize, static_argnames="center")
