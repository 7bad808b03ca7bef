# expect: failed eager "学习率被乘了两次" not "沿梯度方向走"
# expect.en: "learning rate enters squared" not "stepping along the gradient"
# 错误示范:先把梯度乘了学习率,更新时又乘了一次。
def gradient_descent_step(theta, lr):
    scaled = lr * jax.grad(lambda z: z * z)(theta)
    return theta - lr * scaled
