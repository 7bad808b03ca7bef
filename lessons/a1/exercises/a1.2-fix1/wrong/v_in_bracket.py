# expect: failed values "也跟着乘了 0.5" not "少走了一次"
# expect.en: "halved as well" not "one step short"
# 错误示范:先把 cos(x) 和 v 加起来再取一半,v 也被减半了。
@jax.jit
def iterate(v, times):
    def step(i, x):
        s = jnp.cos(x) + v
        return s / 2

    return lax.fori_loop(0, times, step, jnp.zeros_like(v))
