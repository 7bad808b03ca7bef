# expect: failed jit "int32"
# expect.en: "int32"
# 错误示范:新计数写成 count + 1.0,计数从 int32 变成了 float32。
def tick(count, v):
    return count + 1.0, v + 1
