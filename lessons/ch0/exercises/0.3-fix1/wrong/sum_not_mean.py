# expect: failed grad "jnp.sum" not "残差之和"
# expect.en: "jnp.sum" not "sum of the residuals"
# 错误示范:平方误差用 jnp.sum 加起来,而不是 jnp.mean 取平均。梯度大了 n 倍。
def slope_grad(w, x, y):
    return jax.grad(lambda v: jnp.sum((v * x - y) ** 2))(w)
