# expect: failed counts "原样返回" not "只在追踪时"
# expect.en: "returns the count passed in" not "once, while tracing"
# 错误示范:去掉了全局变量,却忘了加 1,计数原样交回。计数停在 0 不是因为追踪时算成了常量,
# 而是函数本来就没有改它。
@jax.jit
def tally(count, x):
    return count, 2 * x
