# expect: failed values "固定的 key(3)" not "父 key"
# expect.en: "the fixed key(3)" not "parent key"
# 错误示范:B 另起了一把写死种子的 key,A 倒是用了子 key。B 从此与传进来的 key 无关。


def init_pair(key):
    first, _unused = jax.random.split(key)
    A = jax.random.normal(first, (4, 4))
    pinned = jax.random.key(3)
    B = jax.random.normal(pinned, (4, 2))
    return A, B
