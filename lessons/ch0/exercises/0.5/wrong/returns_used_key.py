# expect: failed new_key "用过" not "传进来的 key"
# expect.en: "already used" not "key passed in"
# 错误示范:只拆出两把 key,把抽过第二份噪声的那把当 new_key 交回去。
# 下一次调用从一把用过的 key 派生随机数,和这一次的噪声不再独立。
def two_views(key, x, scale):
    k1, k2 = jax.random.split(key)
    view1 = x + scale * jax.random.normal(k1, x.shape, x.dtype)
    view2 = x + scale * jax.random.normal(k2, x.shape, x.dtype)
    return k2, view1, view2
