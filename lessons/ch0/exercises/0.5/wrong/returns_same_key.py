# expect: failed new_key "传进来的 key" not "用过"
# expect.en: "key passed in" not "already used"
# 错误示范:噪声抽得没问题,可交回去的还是传进来的那把 key。调用者下次传进来的还是它,
# 每次调用都得到同样的噪声。
def two_views(key, x, scale):
    k1, k2 = jax.random.split(key)
    view1 = x + scale * jax.random.normal(k1, x.shape, x.dtype)
    view2 = x + scale * jax.random.normal(k2, x.shape, x.dtype)
    return key, view1, view2
