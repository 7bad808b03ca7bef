# 修复练习:standardize 每调用一次就编译一次。
# 改到检查通过为止(Ctrl+T 看提示)。


def standardize(x):
    def column_scale(v):
        centered = v - v.mean(axis=0)
        return centered / (v.std(axis=0) + 1e-6)

    return jax.jit(column_scale)(x)
