# expect: error jit
# 在函数里把学习率转成 Python float:不加 jit 能跑,jit 下学习率是追踪值,float() 会失败。
def gradient_descent_step(params, learning_rate):
    lr = float(learning_rate)
    return params - lr * jax.grad(lambda x: x ** 2)(params)
