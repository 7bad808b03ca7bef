# expect: failed values "阈值" not "不一致"
# expect.en: "treats tiny non-zero rows as zero rows" not "does not match"
# 错误示范:双重 where 的条件拿平方和和 1e-12 比,范数约 1e-7 的那一行被当成零行。
def row_norms(V):
    sq = jnp.einsum("ij,ij->i", V, V)
    keep = sq > 1e-12
    return jnp.where(keep, jnp.sqrt(jnp.where(keep, sq, 1.0)), 0.0)
