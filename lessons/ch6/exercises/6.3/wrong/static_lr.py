# expect: failed dynamic_lr
# 把学习率标成静态参数:结果正确,但每换一个学习率就重新编译一次。
from functools import partial


@partial(jax.jit, static_argnums=1)
def gradient_descent_step(params, learning_rate):
    return params - learning_rate * jax.grad(lambda x: x ** 2)(params)
