# expect: failed noise "没有乘上 scale" not "方差"
# expect.en: "never multiplied by scale" not "variance"
# 错误示范:scale 收下了却没用上,噪声就是标准正态本身。
def two_views(key, x, scale):
    new_key, k1, k2 = jax.random.split(key, 3)
    noise = jax.random.normal(k1, (2,) + x.shape, x.dtype)
    return new_key, x + noise[0], x + noise[1]
