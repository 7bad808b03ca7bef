# 修复练习:with_bias 一调用就报 FrozenInstanceError。
# 改到检查通过为止(Ctrl+T 看提示)。


def with_bias(layer, b):
    layer.b = b                 # 想把偏置换掉
    return layer
