# expect: failed values "body(i, x)" not "少走了一次"
# expect.en: "body(i, x)" not "one step short"
# 错误示范:body 的两个参数顺序写反了,拿到的“x”其实是循环下标。
@jax.jit
def iterate(v, times):
    def step(value, index):
        return 0.5 * jnp.cos(value) + v

    return lax.fori_loop(0, times, step, jnp.zeros_like(v))
