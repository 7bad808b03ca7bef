# expect: failed trace_once "状态的容器变了"
# expect.en: "the container of state changed"
# 错误示范:初始状态是元组,函数却把新状态装进列表返回。数值完全正确,
# 但 jit 把元组和列表看成不同的结构:第一次调用后输入从 (…) 变成 […],只好再追踪、编译一次。
def update_moving_average(carry, x):
    total, seen = carry
    total = total + x
    seen = seen + 1
    return [total, seen], total / seen


initial_state = (jnp.zeros((), dtype=jnp.float32), jnp.zeros((), dtype=jnp.int32))
