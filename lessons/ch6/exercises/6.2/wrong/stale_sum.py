# expect: failed eager
# 平均值用了更新前的总和。
def update_moving_average(state, new_value):
    current_sum, count = state
    new_count = count + 1
    return (current_sum + new_value, new_count), current_sum / new_count


initial_state = (jnp.array(0.0, jnp.float32), jnp.array(0, jnp.int32))
