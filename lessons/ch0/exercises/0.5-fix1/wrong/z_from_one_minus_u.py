# expect: failed independent "z 是从 u 算出来的" not "取了负号"
# expect.en: "z is computed from u" not "negated"
# 错误示范:只抽一次 u,z 由 1 − u 经正态分布的反函数算出。Φ(z) = 1 − u,两组数仍完全相关;
# 代码里既没有取负号,也没有第二次抽样,提示不能说"z 只是取了负号"。
def uniform_and_normal(key, n):
    child, _unused = jax.random.split(key)
    u = jax.random.uniform(child, (n,))
    flipped = 1.0 - u
    return u, jax.scipy.stats.norm.ppf(flipped)
