# expect: failed dynamic_lr "学习率被当成了静态参数"
# expect.en: "the learning rate was made a static argument"
# 错误示范:把学习率声明成静态参数。数值完全正确,但静态参数是编译缓存键的一部分,
# 每出现一个新的学习率(预热、衰减……)就要重新追踪、重新编译一次。


def _descend(theta, lr):
    return theta - lr * jax.grad(lambda z: z * z)(theta)


gradient_descent_step = jax.jit(_descend, static_argnums=(1,))
