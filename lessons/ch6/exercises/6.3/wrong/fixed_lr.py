# expect: failed fresh
# 学习率被写死成 0.1,传进来的 learning_rate 被忽略了。
LR = 0.1


def gradient_descent_step(params, learning_rate):
    return params - LR * jax.grad(lambda x: x ** 2)(params)
