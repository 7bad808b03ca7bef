# expect: failed eager "常数 2" not "沿梯度方向走"
# expect.en: "constant 2" not "stepping along the gradient"
# 错误示范:手推导数时把 x 丢了,以为 x² 的导数是 2。
def gradient_descent_step(theta, lr):
    return theta - lr * 2.0
