# expect: failed values "每一列的范数" not "应该是"
# expect.en: "the norm of each column" not "shape (6,)"
# 错误示范:双重 where 写对了,可平方和沿错了轴,算出的是每一列的范数。
def row_norms(V):
    sq = (V**2).sum(axis=0)
    nonzero = sq > 0
    safe = jnp.where(nonzero, sq, 1.0)
    return jnp.where(nonzero, jnp.sqrt(safe), 0.0)
