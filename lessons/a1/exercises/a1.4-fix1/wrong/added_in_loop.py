# expect: failed value "该乘的地方写成了加"
# expect.en: "adds x (acc + x) where it should multiply"
# 错误示范:循环体里把乘号写成了加号,5 步得到 1 + 5x。


def power5(x):
    def one_more_factor(_, acc):
        return acc + x

    return lax.fori_loop(0, 5, one_more_factor, jnp.ones_like(x))
