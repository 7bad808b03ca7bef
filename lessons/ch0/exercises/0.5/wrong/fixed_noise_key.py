# expect: failed new_key "固定的 key" not "交回的 key 没有带来"
# expect.en: "a fixed key" not "the key handed back brought"
# 错误示范:new_key 从传进来的 key 拆出,两个视图的噪声却用函数里现造的 jax.random.key(0) 抽。
# 接力调用时噪声重复,原因不是交回的 key,而是噪声与 key 无关:换一个 key 调用得到同样的噪声才这样说。
def two_views(key, x, scale):
    new_key, _ = jax.random.split(key)
    k1, k2 = jax.random.split(jax.random.key(0))
    v1 = x + scale * jax.random.normal(k1, x.shape)
    v2 = x + scale * jax.random.normal(k2, x.shape)
    return new_key, v1, v2
