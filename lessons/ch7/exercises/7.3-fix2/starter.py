# 修复练习:输出只有 2 个,却按几百个输入方向各求了一次导。
# 改到检查通过为止(Ctrl+T 看提示)。


def sensitivities(x, A, B):
    return jax.jacfwd(lambda q: B @ jnp.tanh(A @ q))(x)
