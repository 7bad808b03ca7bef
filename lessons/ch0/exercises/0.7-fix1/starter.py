# 修复练习:soft_sign 一放进 jit 或 vmap 就报 TracerBoolConversionError。
# 改到检查通过为止(Ctrl+T 看提示)。


def soft_sign(x):
    if x > 0:
        return x / (1.0 + x)
    return x / (1.0 - x)
