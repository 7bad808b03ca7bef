# expect: failed grad "去掉 stop_gradient" not "fori_loop 常量上下界"
# expect.en: "remove the stop_gradient" not "fori_loop with constant bounds"
# 错误示范:循环已经改成了 fori_loop(常量上下界),却还把每步乘上的 x 包进 stop_gradient,
# 值是 x⁵,梯度却是 0。
def power5(x):
    frozen = lax.stop_gradient(x)

    def times_frozen(step, acc):
        return acc * frozen

    start = jnp.ones_like(x)
    return lax.fori_loop(0, 5, times_frozen, start)
