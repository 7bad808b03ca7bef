# expect: failed eager "被梯度除了" not "学习率被乘了两次"
# expect.en: "divided by the gradient" not "enters squared"
# 错误示范:乘号手误写成了除号,学习率除以梯度。
def gradient_descent_step(theta, lr):
    return theta - lr / jax.grad(lambda z: z * z)(theta)
