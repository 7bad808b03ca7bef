# expect: failed value "每一步乘了两次 x"
# expect.en: "each step multiplies by x twice"
# 错误示范:每一步乘了 x * x,5 步就成了 x¹⁰。


def power5(x):
    def one_more_factor(_, acc):
        return acc * x * x

    return lax.fori_loop(0, 5, one_more_factor, jnp.ones_like(x))
