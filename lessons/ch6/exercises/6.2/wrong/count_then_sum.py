# expect: failed eager "那是计数" not "每一步都是 0"
# expect.en: "that is the count" not "stays 0"
# 错误示范:把状态当成 (计数, 和) 来读写,顺序和题目约定的 (current_sum, count) 正好相反。
def update_moving_average(carry, x):
    n, acc = carry
    n = n + 1
    acc = acc + x
    return (n, acc), acc / n


initial_state = (jnp.zeros((), dtype=jnp.int32), jnp.zeros((), dtype=jnp.float32))
