# expect: failed fresh
# 整除 //:题目数据的平均值恰好都是整数,看不出问题;换成一般的数据就错了。
def update_moving_average(state, new_value):
    current_sum, count = state
    new_sum = current_sum + new_value
    new_count = count + 1
    return (new_sum, new_count), new_sum // new_count


initial_state = (jnp.array(0.0, jnp.float32), jnp.array(0, jnp.int32))
