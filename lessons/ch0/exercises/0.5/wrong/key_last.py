# expect: failed noise "第一个位置" not "结构"
# expect.en: "another place than first" not "structure"
# 错误示范:返回值的顺序写成了 (view1, view2, new_key)。
def two_views(key, x, scale):
    key, k1, k2 = jax.random.split(key, 3)
    return x + scale * jax.random.normal(k1, x.shape), x + scale * jax.random.normal(k2, x.shape), key
