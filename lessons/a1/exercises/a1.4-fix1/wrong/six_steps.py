# expect: failed value "跑了 6 步" not "要么"
# expect.en: "runs 6 steps" not "Either"
# 错误示范:carry 从 1 开始没错,可 fori_loop 的上界写成了 6,循环多跑了一步。
def power5(x):
    def times_x(_i, acc):
        return acc * x

    return lax.fori_loop(0, 6, times_x, jnp.ones_like(x))
