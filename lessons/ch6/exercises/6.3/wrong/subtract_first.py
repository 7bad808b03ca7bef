# expect: failed eager "先做了减法" not "相加了"
# expect.en: "subtraction was done before the multiplication" not "added to the gradient"
# 错误示范:括号加错了位置,先从参数里减去学习率,再乘梯度。
def gradient_descent_step(theta, lr):
    return (theta - lr) * jax.grad(lambda z: z * z)(theta)
