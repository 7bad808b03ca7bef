# expect: failed eager "原样返回" not "相加了"
# expect.en: "returns the parameter unchanged" not "added to the gradient"
# 错误示范:把学习率转成了整数类型,0.1 变成 0,参数一步也不动。
def gradient_descent_step(theta, lr):
    rate = jnp.asarray(lr).astype(jnp.int32)
    return theta - rate * jax.grad(lambda z: z * z)(theta)
