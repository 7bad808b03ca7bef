# expect: failed eager "把传进来的和原样交了回去" not "旧 count"
# expect.en: "hands back the sum it was given" not "count it was given"
# 错误示范:新的和只在算平均值时用了一下,组装新状态时却把原来的和放了回去。


def update_moving_average(carry, x):
    total, n = carry
    new_total, new_n = total + x, n + 1
    return (total, new_n), new_total / new_n


initial_state = (jnp.zeros((), jnp.float32), jnp.zeros((), jnp.int32))
