# expect: failed eager "沿梯度方向走"
# expect.en: "stepping along the gradient"
# 错误示范:符号写反,沿着梯度方向“上坡”,参数越走越大。
def gradient_descent_step(theta, lr):
    return theta + lr * jax.grad(lambda z: z * z)(theta)
