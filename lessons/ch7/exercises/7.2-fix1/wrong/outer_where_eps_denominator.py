# expect: failed grad "sin(x)/(x + ε) 的梯度" not "除了 x = 0 处"
# expect.en: "that of sin(x)/(x + ε)" not "everywhere except at x = 0"
# 错误示范:外层 where 在 0 处给出 1,里面却不换安全值,而是给分母加 ε。值只差百万分之一量级,
# 检查值的那一步能过;梯度在离 0 不远的点差在第四位,要说出是 ε 造成的。
def sinc(x):
    guarded = x + 1e-6
    return jnp.where(x == 0, 1.0, jnp.sin(x) / guarded)
