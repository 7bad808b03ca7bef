# expect: failed new_key "直接用传进来的 key" not "交回"
# expect.en: "drawn with the key passed in" not "handed back"
# 错误示范:第一个视图直接用传进来的 key 抽,之后又拿同一个 key 去拆分。key 被用了两次。
def two_views(key, x, scale):
    view1 = x + scale * jax.random.normal(key, x.shape)
    new_key, sub = jax.random.split(key)
    return new_key, view1, x + scale * jax.random.normal(sub, x.shape)
