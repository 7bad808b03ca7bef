# expect: failed independent "1 − u"
# expect.en: "1 − u"
# 错误示范(把症状压下去的错误办法):给 z 取个负号,Φ(z) 和 u 看起来不一样了,可 Φ(z) = 1 − u,还是完全相关。
def uniform_and_normal(key, n):
    u = jax.random.uniform(key, (n,))
    z = -jax.random.normal(key, (n,))
    return u, z
