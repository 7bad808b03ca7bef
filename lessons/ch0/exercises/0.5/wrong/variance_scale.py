# expect: failed noise "scale²,也就是方差" not "当成了方差"
# expect.en: "multiplied by scale², the variance" not "treated scale as the variance"
# 错误示范:噪声乘的是 scale ** 2,用方差顶替了标准差(不是把 scale 当成方差:那样乘的会是 √scale)。
def two_views(key, x, scale):
    new_key, k1, k2 = jax.random.split(key, 3)
    view1 = x + scale**2 * jax.random.normal(k1, x.shape, x.dtype)
    view2 = x + scale**2 * jax.random.normal(k2, x.shape, x.dtype)
    return new_key, view1, view2
