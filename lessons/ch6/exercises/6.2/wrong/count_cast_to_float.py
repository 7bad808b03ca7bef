# expect: failed trace_once "转换也会" not "比如 count + 1.0)"
# expect.en: "so does a conversion" not "Add an integer"
# 错误示范:计数加的是整数 1,随后却转成了 float32,第二次调用时状态的 dtype 变了。
def update_moving_average(carry, x):
    running, n = carry
    running = running + x
    n = jnp.asarray(n + 1, dtype=jnp.float32)
    return (running, n), running / n


initial_state = (jnp.float32(0.0), jnp.int32(0))
