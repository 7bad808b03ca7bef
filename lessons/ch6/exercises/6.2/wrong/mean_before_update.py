# expect: failed eager "除以的是传入状态里的个数" "上一步的平均值"
# expect.en: "divided by the count of the state passed in" "the previous step's average"
# expect.silent: fresh
# 错误示范:平均值取自更新之前的状态(旧总和 / 旧个数),于是总比正确值慢一步;
# 从 Python 数的空状态 (0.0, 0) 开始,第一步就是 0.0 / 0。
def update_moving_average(carried, incoming):
    running, n = carried
    mean_so_far = running / n
    return (running + incoming, n + 1), mean_so_far


initial_state = (jnp.zeros((), jnp.float32), jnp.zeros((), jnp.int32))
