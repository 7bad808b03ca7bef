# expect: failed noise "scale²"
# expect.en: "scale²"
# 错误示范:把 scale 当成了方差,噪声乘的是 scale ** 2。
def two_views(key, x, scale):
    new_key, k1, k2 = jax.random.split(key, 3)
    view1 = x + scale**2 * jax.random.normal(k1, x.shape, x.dtype)
    view2 = x + scale**2 * jax.random.normal(k2, x.shape, x.dtype)
    return new_key, view1, view2
