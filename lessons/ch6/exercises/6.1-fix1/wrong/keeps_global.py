# expect: failed pure "全局变量"
# expect.en: "global variable"
# 错误示范:计数改对了,可函数里还留着给全局变量加 1 的副作用,它只在追踪时发生。
calls = 0


@jax.jit
def tally(count, x):
    global calls
    calls += 1
    return count + 1, 2 * x
