# expect: failed values "没有换"
# expect.en: "was not replaced"
# 错误示范(把症状压下去的错误办法):接住异常,把原对象交回去。不报错了,可偏置根本没换。
import dataclasses


def with_bias(layer, b):
    try:
        layer.b = b
    except dataclasses.FrozenInstanceError:
        pass
    return layer
