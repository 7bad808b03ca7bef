# expect: failed eager "目标函数 f(x) = x² 本身" not "沿梯度方向走"
# expect.en: "the objective f(x) = x² itself" not "stepping along the gradient"
# 错误示范:把目标函数的值当成了梯度,每一步减去 lr·x²。
def gradient_descent_step(theta, lr):
    return theta - lr * theta**2
