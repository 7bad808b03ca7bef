# expect: failed eager "存的是最新的值" not "旧 count"
# expect.en: "stores the latest value" not "count it was given"
# 错误示范:状态里存的是刚收到的那个值,而不是累计的和。


def update_moving_average(carry, x):
    total, n = carry
    total, n = total + x, n + 1
    return (x, n), total / n


initial_state = (jnp.zeros((), jnp.float32), jnp.zeros((), jnp.int32))
