# expect: failed eager "存进了和的位置" not "最新的值"
# expect.en: "stored the average" not "latest value"
# 错误示范:把平均值当成状态存下去,下一步再拿它当"和"去累加。第三步起就偏了:
# 2、3 之后本该是 12 / 3 = 4,这里却是 (3 + 6) / 3 = 3。
def update_moving_average(carry, x):
    held, k = carry
    k = k + 1
    mean = (held + x) / k
    return (mean, k), mean


initial_state = (jnp.zeros((), dtype=jnp.float32), jnp.zeros((), dtype=jnp.int32))
