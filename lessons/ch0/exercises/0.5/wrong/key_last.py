# expect: failed noise "第一个位置" not "结构"
# expect.en: "another place than first" not "structure"
# 错误示范:返回值的顺序写成了 (view1, view2, new_key)。
def two_views(k, x, scale):
    nxt, a, b = jax.random.split(k, 3)
    first = x + scale * jax.random.normal(a, x.shape)
    second = x + scale * jax.random.normal(b, x.shape)
    return first, second, nxt
