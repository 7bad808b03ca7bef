# expect: failed values "新偏置被放进了 w 字段"
# expect.en: "the new bias went into the w field"
# 错误示范:replace 的字段名写错了,换掉的是 w。
import dataclasses


def with_bias(layer, b):
    return dataclasses.replace(layer, w=b)
