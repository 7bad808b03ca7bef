# expect: failed values "L1 范数"
# expect.en: "the L1 norm"
# 错误示范:绕开平方根的导数问题,改成绝对值之和,可那不是 L2 范数。
def row_norms(V):
    return jnp.abs(V).sum(axis=1)
