# expect: failed value "x⁴"
# expect.en: "x⁴"
# 错误示范:循环只走了 4 步。
def power5(x):
    def one_more_factor(_, acc):
        return acc * x

    return lax.fori_loop(0, 4, one_more_factor, jnp.ones_like(x))
