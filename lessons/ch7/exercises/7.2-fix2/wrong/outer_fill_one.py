# expect: failed values "外层 where 在零行上给出 0.0" not "平方根里加了"
# expect.en: "outer where give 0.0" not "added under the square root"
# 错误示范:双 where 写对了一半,外层填的是 1.0(照抄了 sinc 的极限值),零行的范数成了 1。
def row_norms(V):
    s = jnp.sum(V ** 2, axis=1)
    ok = s > 0
    return jnp.where(ok, jnp.sqrt(jnp.where(ok, s, 1.0)), 1.0)
