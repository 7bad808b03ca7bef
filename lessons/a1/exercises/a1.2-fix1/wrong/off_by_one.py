# expect: failed values "少走了一次"
# expect.en: "one step short"
# 错误示范:循环从 1 开始,少走了一次。
@jax.jit
def iterate(v, times):
    return lax.fori_loop(1, times, lambda _, x: 0.5 * jnp.cos(x) + v, jnp.zeros_like(v))
