# expect: failed independent "把 u 翻过来什么也没改变" not "z 只是取了负号"
# expect.en: "flipping u changes nothing" not "z was only negated"
# 错误示范:想让两组数"不一样",把 u 换成 1 − u,可 z 还是用同一把 key 抽的;Φ(z) = 1 − u,
# 仍然完全相关。代码里 z 没有取负号,提示不能这么说。
def uniform_and_normal(key, n):
    flipped = 1.0 - jax.random.uniform(key, (n,))
    normal = jax.random.normal(key, (n,))
    return flipped, normal
