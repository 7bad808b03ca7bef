# expect: failed noise "jax.random.uniform" not "方差"
# expect.en: "jax.random.uniform" not "variance"
# 错误示范:噪声用均匀分布抽。它的标准差 scale/√12 恰好接近 scale²,检查不该把它说成“把 scale 当方差”。
def two_views(key, x, scale):
    key, k1, k2 = jax.random.split(key, 3)
    view1 = x + scale * jax.random.uniform(k1, x.shape)
    view2 = x + scale * jax.random.uniform(k2, x.shape)
    return key, view1, view2
