# expect: failed eager "new_count + 1" not "相差同一个数"
# expect.en: "new_count + 1" not "by the same amount"
# expect.silent: fresh
# 错误示范:个数已经加过一,求平均时又多加了一个,分母总比应有的大 1。
def update_moving_average(carry, value):
    s, k = carry
    s = s + value
    k = k + 1
    return (s, k), s / (k + 1)


initial_state = (jnp.zeros((), dtype=jnp.float32), jnp.zeros((), dtype=jnp.int32))
