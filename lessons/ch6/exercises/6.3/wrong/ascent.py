# expect: failed eager
# 符号反了:沿着梯度方向走,函数值越来越大(梯度上升)。
def gradient_descent_step(params, learning_rate):
    return params + learning_rate * jax.grad(lambda x: x ** 2)(params)
