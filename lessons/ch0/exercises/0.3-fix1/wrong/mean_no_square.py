# expect: failed grad "残差平均值的导数" "没有平方" not "残差之和" "n 倍"
# expect.en: "mean of the residuals, not squared" not "sum of the residuals" "n times"
# 错误示范:记得要取平均,却忘了先平方。归约成标量后 grad 不报错,可求的是残差平均值的导数。
def slope_grad(w, x, y):
    def loss(v):
        residual = x * v - y
        return jnp.mean(residual)

    return jax.grad(loss)(w)
