# expect: failed eager "加一之前的个数" not "加上新值之前的总和" "整除"
# expect.en: "the count from before it was incremented" not "the sum from before" "floor division"
# 错误示范:怕第一步除以 0,给个数加了保护,可除的仍是加一之前的个数。
# 第一步碰巧是对的,从第二步起每一步都少除了一个。
def update_moving_average(state, new_value):
    total, count = state
    total = total + new_value
    safe_count = jnp.where(count == 0, 1, count)
    average = total / safe_count
    return (total, count + 1), average


initial_state = (jnp.array(0.0, dtype=jnp.float32), jnp.array(0, dtype=jnp.int32))
