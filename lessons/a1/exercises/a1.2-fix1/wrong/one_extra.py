# expect: failed values "多走了一次" not "少走了一次"
# expect.en: "one step too many" not "one step short"
# 错误示范:自己写 while_loop,计数器从 0 开始,条件却允许计数器等于 times。
@jax.jit
def iterate(v, times):
    def more(carry):
        step, _ = carry
        return step <= times

    def once(carry):
        step, x = carry
        return step + 1, 0.5 * jnp.cos(x) + v

    _, x = lax.while_loop(more, once, (jnp.int32(0), jnp.zeros_like(v)))
    return x
