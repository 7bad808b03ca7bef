# expect: failed values "前两列" not "对调"
# expect.en: "first two columns" not "each other's subkey"
# 错误示范:B 先抽一个和 A 一样大的方阵,再切下左边两列。
def init_pair(key):
    k_a, k_b = jax.random.split(key)
    square = jax.random.normal(k_b, (4, 4))
    return jax.random.normal(k_a, (4, 4)), square[:, 0:2]
