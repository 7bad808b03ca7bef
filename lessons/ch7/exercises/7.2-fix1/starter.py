# 修复练习:输入里有 0 时,sinc 的梯度是 NaN。
# 改到检查通过为止(Ctrl+T 看提示)。


def sinc(x):
    return jnp.where(x == 0, 1.0, jnp.sin(x) / x)
