# expect: failed eager "新状态交回的是传进来的旧 count"
# expect.en: "the new state hands back the count it was given"
# 错误示范:新的个数只在算平均值时临时用了一下,
# 组装新状态时却把原来的 count 放了回去,状态里的个数永远不涨。


def update_moving_average(carry, x):
    total, n = carry
    total = total + x
    average = total / (n + 1)
    new_state = (total, n)
    return new_state, average


initial_state = (jnp.float32(0.0), jnp.int32(0))
