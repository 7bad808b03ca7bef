# expect: failed values "key 数组"
# expect.en: "key array"
# 错误示范:把 split 的结果整个当成一把 key 用。
def init_pair(key):
    keys = jax.random.split(key)
    A = jax.random.normal(keys, (4, 4))
    B = jax.random.normal(keys, (4, 2))
    return A, B
