# expect: failed clean "仍让途中的某一步算出了 NaN" not "安全值还是危险点本身"
# expect.en: "still makes some step produce a NaN on the way" not "is the dangerous point itself"
# 错误示范:安全值取了 1e-20 而不是 0;前向和梯度都有限,但反向里 u² 在 float32 下溢成 0,checkify 报的是乘法产生的 NaN,不是除以 0,所以不能说安全值就是危险点本身。
def sinc(x):
    x_in = jnp.where(x == 0, 1e-20, x)
    return jnp.where(x == 0, 1.0, jnp.sin(x_in) / x_in)
