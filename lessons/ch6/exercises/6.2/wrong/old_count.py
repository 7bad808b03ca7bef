# expect: failed eager "加一之前的个数"
# expect.en: "the count from before it was incremented"
# 错误示范:先用旧的个数去除新的总和,之后才把个数加一。
# 第一步就除以 0,得到 inf;之后每一步都除少了一个。
def update_moving_average(carry, value):
    total, seen = carry
    total = total + value
    average = total / seen
    return (total, seen + 1), average


initial_state = (jnp.zeros((), dtype=jnp.float32), jnp.zeros((), dtype=jnp.int32))
