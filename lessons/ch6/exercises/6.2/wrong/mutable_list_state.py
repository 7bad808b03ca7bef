# expect: error eager
# 想“原地”更新状态:JAX 数组和元组都不能原地修改。
def update_moving_average(state, new_value):
    state[0] += new_value
    state[1] += 1
    return state, state[0] / state[1]


initial_state = (jnp.array(0.0, jnp.float32), jnp.array(0, jnp.int32))
