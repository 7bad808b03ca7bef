# expect: failed independent "同一个 key"
# expect.en: "same key"
# 错误示范:split 了,可两个矩阵都用了 k_a。
def init_pair(key):
    k_a, k_b = jax.random.split(key)
    A = jax.random.normal(k_a, (4, 4))
    B = jax.random.normal(k_a, (4, 2))
    return A, B
