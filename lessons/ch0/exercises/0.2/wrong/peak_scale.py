# expect: failed values "绝对值最大" not "对调" "绝对值的均值"
# expect.en: "largest magnitude" not "swapped" "mean absolute value"
# 错误示范:不居中的分支按峰值缩放,除以 max(|x|),不是均方根。
def normalize(x, center):
    if center:
        return (x - jnp.mean(x)) / jnp.std(x)
    return x / jnp.max(jnp.abs(x))


fast_normalize = jax.jit(normalize, static_argnames="center")
