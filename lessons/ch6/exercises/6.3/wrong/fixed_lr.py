# expect: failed fresh "没有用传进来的 learning_rate"
# expect.en: "does not use the learning_rate passed in"
# 错误示范:学习率被写死在模块里,调用时传进来的值被悄悄忽略。
# 题目用的恰好也是 0.1,所以只跑题目的例子看不出来。
BAKED_IN_RATE = 0.1


def gradient_descent_step(theta, lr):
    return theta - BAKED_IN_RATE * jax.grad(lambda z: z * z)(theta)
