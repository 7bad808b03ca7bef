# expect: failed key_used "固定"
# expect.en: "fixed"
# 错误示范(把症状压下去的错误办法):正态样本改用函数里另造的一把 key。两组数独立了,
# 可 z 不再由传进来的 key 决定,换什么 key 都一样。
def uniform_and_normal(key, n):
    u = jax.random.uniform(key, (n,))
    own_key = jax.random.key(0)
    z = jax.random.normal(own_key, (n,))
    return u, z
