# expect: failed values "填进去的常数 0" "要填 1.0"
# expect.en: "a constant 0 filled in" "fill 1.0 there"
# 错误示范:两层 where 的结构没错,安全值也在定义域里,可输出那层在 x = 0 处放了 0 而不是极限值 1。
def sinc(x):
    is_zero = x == 0
    u = jnp.where(is_zero, 2.0, x)
    return jnp.where(is_zero, 0.0, jnp.sin(u) / u)
