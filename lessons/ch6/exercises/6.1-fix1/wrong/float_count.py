# expect: failed one_compile "float32"
# expect.en: "float32"
# 错误示范:新计数写成 count + 1.0,第一次调用后计数从 int32 变成 float32,jit 要再编译一次。
@jax.jit
def tally(count, x):
    return count + 1.0, 2 * x
