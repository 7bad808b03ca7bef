# expect: failed values "平均绝对偏差"
# expect.en: "mean absolute deviation"
# 错误示范:标准化时用偏差绝对值的平均当尺度,以为那就是标准差。


@jax.jit
def normalize_and_center(x):
    centered = x - jnp.mean(x)
    return centered / jnp.mean(jnp.abs(centered)), centered
