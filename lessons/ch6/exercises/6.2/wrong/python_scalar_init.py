# expect: failed trace_once "从弱类型变成了强类型"
# expect.en: "went from a weak type to a strong type"
# 错误示范:函数本身没问题,但 jit 版本的起点是两个 Python 数字。
# Python 数字进入 JAX 是“弱类型”;第一次调用返回的总和、个数已是强类型 float32 / int32,
# 第二次调用的输入签名因此变了,jit 又追踪、编译了一遍。结果数值完全一样,所以不容易察觉。
def update_moving_average(carry, x):
    total, seen = carry
    total = total + x
    seen = seen + 1
    return (total, seen), total / seen


initial_state = (0.0, 0)
