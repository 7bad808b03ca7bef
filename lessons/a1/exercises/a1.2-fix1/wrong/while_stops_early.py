# expect: failed values "少走了一次" not "下界应为 0"
# expect.en: "one step short" not "the lower bound should be 0"
# 改写成 while_loop,条件写成 i < times - 1:下界是 0,却少走了一步。提示不能断言“下界应为 0”
# 是原因,只能说少走了一次。
@jax.jit
def iterate(v, times):
    def keep_going(state):
        i, _ = state
        return i < times - 1

    def step(state):
        i, x = state
        return i + 1, 0.5 * jnp.cos(x) + v

    _, x = lax.while_loop(keep_going, step, (0, jnp.zeros_like(v)))
    return x
