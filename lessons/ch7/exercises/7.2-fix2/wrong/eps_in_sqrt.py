# expect: failed values "平方根里加了一个小数"
# expect.en: "added under the square root"
# 错误示范(压下症状的错误办法):根号里加一个小数。没有 NaN 了,可零行的范数成了 √ε。
def row_norms(V):
    return jnp.sqrt(jnp.sum(V * V, axis=1) + 1e-12)
