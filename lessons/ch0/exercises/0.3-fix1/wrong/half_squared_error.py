# expect: failed grad "0.5·mean((w·x − y)²)" not "jax.grad 会自动带上"
# expect.en: "the function handed to jax.grad returns 0.5·mean" not "adds it for you"
# 错误示范:损失照“半个均方误差”的习惯乘了 1/2,求导后少了因子 2。
def slope_grad(w, x, y):
    def half_mse(w_):
        residual = w_ * x - y
        return jnp.mean(residual * residual) / 2

    return jax.grad(half_mse)(w)
