# expect: failed trace_once "dtype 从 int32 变成了 float32"
# expect.en: "the dtype of count changed from int32 to float32"
# 错误示范:新计数写成 count + 1.0。数值上 1.0、2.0……和 1、2……相等,
# 但从整数 0 起步时,第一次调用返回的是浮点数:第二次调用的输入 dtype 变了,jit 只好再追踪一次。
def update_counter(c, extra):
    return c + 1.0, extra
