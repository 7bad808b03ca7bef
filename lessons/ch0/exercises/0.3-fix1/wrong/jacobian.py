# expect: failed grad "雅可比" not "残差之和"
# expect.en: "Jacobian" not "sum of the residuals"
# 错误示范:换成 jax.jacobian,不再报错,返回的却是每个残差各自的导数(一个向量),而不是损失的梯度。
def slope_grad(w, x, y):
    return jax.jacobian(lambda v: v * x - y)(w)
