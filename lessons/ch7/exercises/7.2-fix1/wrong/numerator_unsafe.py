# expect: failed values "外层要有一个 where" "梯度是 1" not "常数填进去"
# expect.en: "An outer where must pick the limit" "gradient there is 1" not "filled in"
# 错误示范:只把分母换成安全值,分子仍是 sin(x),也没有外层 where:0 处算出 sin(0)/1 = 0,
# 梯度是 cos(0)/1 = 1,不是一个填进去的常数。
def sinc(x):
    denominator = jnp.where(x == 0, 1.0, x)
    return jnp.sin(x) / denominator
