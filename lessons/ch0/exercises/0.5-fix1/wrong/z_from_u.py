# expect: failed independent "z 是从 u 算出来的" not "两组数来自同一把 key"
# expect.en: "z is computed from u" not "both sets come from one and the same key"
# 错误示范:只抽了 u,z 用正态分布的反函数从 u 算出来;Φ(z) 于是处处等于 u。
def uniform_and_normal(key, n):
    first, _second = jax.random.split(key)
    u = jax.random.uniform(first, (n,))
    return u, jax.scipy.special.ndtri(u)
