# expect: failed independent "同一把 key"
# expect.en: "same key"
# 错误示范:两份噪声都用传进来的 key 抽。同一把 key 给出同样的数,两个“独立”的视图一模一样。
def two_views(key, x, scale):
    view1 = x + scale * jax.random.normal(key, x.shape, x.dtype)
    view2 = x + scale * jax.random.normal(key, x.shape, x.dtype)
    new_key = jax.random.split(key)[0]
    return new_key, view1, view2
