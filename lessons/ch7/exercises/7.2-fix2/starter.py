# 修复练习:有一行全是 0 时,row_norms 的梯度是 NaN。
# 改到检查通过为止(Ctrl+T 看提示)。


def row_norms(V):
    return jnp.linalg.norm(V, axis=1)
