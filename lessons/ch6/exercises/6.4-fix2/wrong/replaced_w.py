# expect: failed values "w"
# expect.en: "w"
# 错误示范:replace 的字段名写错了,换掉的是 w。
import dataclasses


def with_bias(layer, b):
    return dataclasses.replace(layer, w=b)
