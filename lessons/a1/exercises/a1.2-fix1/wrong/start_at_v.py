# expect: failed values "初值是 v" not "少走了一次"
# expect.en: "starts from v instead of 0" not "one step short"
# 错误示范:初值顺手写成了 v(以为第一步就是 v);times = 0 时交回的是 v,不是 0。
@jax.jit
def iterate(v, times):
    def body(_, x):
        return 0.5 * jnp.cos(x) + v

    start = v * jnp.ones_like(v)
    return lax.fori_loop(0, times, body, start)
