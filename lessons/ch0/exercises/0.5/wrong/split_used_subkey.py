# expect: failed new_key "拆出来的" not "直接用传进来的 key"
# expect.en: "split off the key that drew" not "drawn with the key passed in"
# 错误示范:两个子 key 各抽一份噪声,交回的 key 又从已经抽过噪声的 k2 拆出来。
def two_views(key, x, scale):
    k1, k2 = jax.random.split(key)
    view1 = x + scale * jax.random.normal(k1, x.shape)
    view2 = x + scale * jax.random.normal(k2, x.shape)
    return jax.random.split(k2)[0], view1, view2
