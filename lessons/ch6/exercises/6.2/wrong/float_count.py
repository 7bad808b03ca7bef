# expect: failed trace_once
# 计数加了 1.0:int32 的计数变成 float32,状态的 dtype 在第一次调用后就变了。
def update_moving_average(state, new_value):
    current_sum, count = state
    new_sum = current_sum + new_value
    new_count = count + 1.0
    return (new_sum, new_count), new_sum / new_count


initial_state = (jnp.array(0.0, jnp.float32), jnp.array(0, jnp.int32))
