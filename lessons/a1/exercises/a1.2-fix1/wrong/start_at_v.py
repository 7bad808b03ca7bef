# expect: failed values "从 x = v 出发得到的值" "初值是 v" not "少走了一次" "重复 0 次"
# expect.en: "the result is what the loop gives when it starts from x = v instead of 0" not "one step short" "repeating 0 times"
# 错误示范:初值顺手写成了 v(以为第一步就是 v);times = 0 时交回的是 v,不是 0。
@jax.jit
def iterate(v, times):
    def body(_, x):
        return 0.5 * jnp.cos(x) + v

    start = v * jnp.ones_like(v)
    return lax.fori_loop(0, times, body, start)
