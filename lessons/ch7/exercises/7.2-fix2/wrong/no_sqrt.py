# expect: failed values "少了平方根"
# expect.en: "without the square root"
# 错误示范:两个 where 都有,可外层返回的是平方和本身,忘了开方。
def row_norms(V):
    s = jnp.sum(V * V, axis=1)
    ok = s > 0
    return jnp.where(ok, jnp.where(ok, s, 1.0), 0.0)
