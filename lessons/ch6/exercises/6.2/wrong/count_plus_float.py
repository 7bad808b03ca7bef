# expect: failed trace_once "是更新把它变成了浮点数"
# expect.en: "the update turns it into a float"
# 错误示范:初始状态的计数是 int32,更新时却加了浮点数 1.0,第二次调用时状态的 dtype 变了。
def update_moving_average(carry, x):
    running, n = carry
    running = running + x
    n = n + 1.0
    return (running, n), running / n


initial_state = (jnp.float32(0.0), jnp.int32(0))
