# expect: failed grad "少了因子 2"
# expect.en: "without the factor 2"
# 错误示范:手推导数时把平方带下来的 2 忘了,只剩残差乘 x 的平均。
def slope_grad(w, x, y):
    residual = w * x - y
    return (residual * x).mean()
