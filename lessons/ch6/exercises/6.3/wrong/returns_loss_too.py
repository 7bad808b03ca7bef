# expect: failed eager "第 2 个元素才是新参数"
# expect.en: "item 2 of it is the new parameters"
# 错误示范:顺手把损失也一起返回,写成 (损失, 新参数)。
# 题目的函数只返回新参数;调用者把返回值直接当作下一步的参数时,
# 拿到的会是一个元组,下一步就没法继续了。
def gradient_descent_step(theta, lr):
    loss, slope_here = jax.value_and_grad(lambda z: z * z)(theta)
    return loss, theta - lr * slope_here
