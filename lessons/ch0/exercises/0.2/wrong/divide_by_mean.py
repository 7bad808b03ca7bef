# expect: failed values "除以的是均值的大小" not "先求了均值再平方" "写反"
# expect.en: "divided by the size of its mean" not "the mean is taken first and then squared" "swapped"
# 错误示范:center 为假时把均方根错当成了均值,直接除以 mean(x)。数据的均值为正,结果就等于
# x / |mean(x)|;消息只说除以的是均值的大小,不断言是“先求均值再平方”造成的。
def normalize(x, center):
    if center:
        return (x - jnp.mean(x)) / jnp.std(x)
    return x / jnp.mean(x)


fast_normalize = jax.jit(normalize, static_argnames="center")
