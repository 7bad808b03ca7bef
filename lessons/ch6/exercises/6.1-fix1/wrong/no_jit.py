# expect: failed counts "只在追踪时"
# expect.en: "while tracing"
# 错误示范(把症状压下去的错误办法):去掉 @jax.jit。不编译时全局计数确实每次都加,
# 可一旦有人 jit 这个函数(检查就会这样做),计数又停在追踪那一次。
calls = 0


def tally(count, x):
    global calls
    calls += 1
    return calls, 2 * x
