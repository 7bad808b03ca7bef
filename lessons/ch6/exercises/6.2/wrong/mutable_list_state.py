# expect: error eager "TypeError"
# expect.en: "TypeError"
# 错误示范:想“就地”修改状态里的元素。元组不能赋值,JAX 数组也不可变;
# 正确的做法永远是算出新值、组成新的状态返回。
def update_moving_average(carry, x):
    carry[0] += x
    carry[1] += 1
    return carry, carry[0] / carry[1]


initial_state = (jnp.zeros((), dtype=jnp.float32), jnp.zeros((), dtype=jnp.int32))
