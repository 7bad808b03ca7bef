# expect: failed original "原来的层"
# expect.en: "the original layer"
# 错误示范(把症状压下去的错误办法):用 object.__setattr__ 绕过冻结。
# 不报错了,可改掉的是调用者手里的那个对象。
def with_bias(layer, b):
    object.__setattr__(layer, "b", b)
    return layer
