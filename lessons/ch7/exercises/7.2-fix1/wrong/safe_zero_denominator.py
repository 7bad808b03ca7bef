# expect: failed grad "0 就是危险点本身" not "先把危险的输入换成安全值"
# expect.en: "0 is the dangerous point itself" not "First replace the dangerous input with a safe value"
# 错误示范:分母用 where 换了,可换进去的是 0.0,x = 0 处仍是 0/0,反向得到 NaN。学习者已经用 where 换了值,建议要说清安全值得在定义域里面,而不是说“先换成安全值”。
def sinc(x):
    nonzero = x != 0
    return jnp.where(nonzero, jnp.sin(x) / jnp.where(nonzero, x, 0.0), 1.0)
