# expect: failed eager "加上新值之前的总和" not "加一之前的个数"
# expect.en: "the sum from before the new value was added" not "the count from before"
# 错误示范:平均值用的是加上新值“之前”的总和,第一步就得到 0。
def update_moving_average(carry, x):
    total, seen = carry
    seen = seen + 1
    mean = total / seen
    return (total + x, seen), mean


initial_state = (jnp.zeros((), dtype=jnp.float32), jnp.zeros((), dtype=jnp.int32))
