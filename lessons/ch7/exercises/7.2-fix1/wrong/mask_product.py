# expect: failed values "填进去的常数 0" not "外层 where"
# expect.en: "a constant 0 filled in" not "outer where"
# 错误示范:内层 where 换了安全值,可输出乘上 (x != 0) 这个掩码,x = 0 处成了 0 而不是极限值 1。
def sinc(x):
    u = jnp.where(x == 0, 1.0, x)
    return jnp.sin(u) / u * (x != 0)
