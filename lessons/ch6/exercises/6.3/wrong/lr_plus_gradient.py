# expect: failed eager "相加了" not "被梯度除了"
# expect.en: "added to the gradient" not "divided by the gradient"
# 错误示范:把步长写成了学习率加梯度,两者该相乘。
def gradient_descent_step(theta, lr):
    g = jax.grad(lambda z: z * z)(theta)
    return theta - (lr + g)
