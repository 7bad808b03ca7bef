# expect: failed clean "安全值"
# expect.en: "safe value"
# 错误示范:双 where 写对了结构,可安全值取了 0:梯度有限,但 0/0 仍然真的算了一次。
def sinc(x):
    return double_where(lambda u: jnp.sin(u) / u, x, x != 0, 0.0, 1.0)
