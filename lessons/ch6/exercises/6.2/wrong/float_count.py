# expect: failed trace_once "dtype 从 int32 变成了 float32"
# expect.en: "changed from int32 to float32"
# 错误示范:个数加的是 1.0。起点里的个数是 int32,加上浮点数后变成 float32——
# 状态的 dtype 在第一次调用后就变了,jit 只好再编译一次。
def update_moving_average(carry, x):
    total, seen = carry
    total = total + x
    seen = seen + 1.0
    return (total, seen), total / seen


initial_state = (jnp.zeros((), dtype=jnp.float32), jnp.zeros((), dtype=jnp.int32))
