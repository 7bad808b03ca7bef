# expect: failed value "连乘从 0 开始"
# expect.en: "the product starts from 0"
# 错误示范:乘积的初值写成了 0,结果永远是 0。


def power5(x):
    def one_more_factor(_, acc):
        return acc * x

    return lax.fori_loop(0, 5, one_more_factor, jnp.zeros_like(x))
