# expect: failed eager "存进了和的位置" not "最新的值"
# expect.en: "stored the average" not "latest value"
# 错误示范:把平均值当成状态存下去,下一步再拿它当"和"去累加。
def update_moving_average(state, new_value):
    total, seen = state
    seen = seen + 1
    mean = (total + new_value) / seen
    return (mean, seen), mean


initial_state = (jnp.zeros((), dtype=jnp.float32), jnp.zeros((), dtype=jnp.int32))
