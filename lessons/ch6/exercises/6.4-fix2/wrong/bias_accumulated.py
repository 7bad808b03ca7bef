# expect: failed values "旧偏置加上传进来的 b"
# expect.en: "the old bias plus the b passed in"
# 错误示范:把“换偏置”理解成了“在旧偏置上再叠一层”,
# 新层的 b 成了两者之和,而不是传进来的那个 b。
import dataclasses


def with_bias(layer, b):
    combined = b + layer.b
    return dataclasses.replace(layer, b=combined)
