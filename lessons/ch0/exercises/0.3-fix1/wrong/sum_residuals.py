# expect: failed grad "残差之和"
# expect.en: "sum of the residuals"
# 错误示范(把症状压下去的错误办法):给残差加 .sum(),报错消失了,可求的是残差之和的导数。
def slope_grad(w, x, y):
    return jax.grad(lambda v: (v * x - y).sum())(w)
