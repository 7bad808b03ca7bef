# expect: failed no_rebuild "每次调用都得到了一个新的 jit 函数"
# expect.en: "every call got a new jitted function"
# 错误示范:想让这一步“被编译”,就在函数体里现包一个 jax.jit 再调用。
# 每次调用都会造出一个新的 jit 函数对象,而编译缓存是跟着函数对象走的:
# 哪怕学习率没变,每一步也都重新追踪、重新编译。jax.jit 应该在函数外面包一次。
def gradient_descent_step(theta, lr):
    descend = jax.jit(lambda t, r: t - r * jax.grad(lambda z: z * z)(t))
    return descend(theta, lr)
