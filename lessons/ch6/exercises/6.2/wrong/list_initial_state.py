# expect: failed trace_once "[float32[], int32[]] → (float32[], int32[])"
# expect.en: "[float32[], int32[]] → (float32[], int32[])"
# 错误示范:dtype 都选对了,初始状态却写成了列表,而函数返回的新状态是元组。
# 容器不同,jit 的输入签名就不同:第二次调用时又追踪了一次。
def update_moving_average(carry, x):
    total, seen = carry
    total = total + x
    seen = seen + 1
    return (total, seen), total / seen


initial_state = [jnp.zeros((), dtype=jnp.float32), jnp.zeros((), dtype=jnp.int32)]
