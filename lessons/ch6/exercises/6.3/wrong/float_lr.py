# expect: error jit "ConcretizationTypeError"
# expect.en: "ConcretizationTypeError"
# 错误示范:在函数里先把学习率转成 Python float。直接调用没事;
# 在 jax.jit 里学习率是追踪值,float() 拿不到具体数值,抛出 ConcretizationTypeError。
def gradient_descent_step(theta, lr):
    rate_as_python_float = float(lr)
    return theta - rate_as_python_float * jax.grad(lambda z: z * z)(theta)
