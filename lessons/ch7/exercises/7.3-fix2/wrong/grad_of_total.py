# expect: failed values "把 m 个输出加起来再求的梯度" not "转置"
# expect.en: "the gradient of the sum of the m outputs" not "transpose"
# 错误示范:以为 jax.grad 就是反向模式,先把 m 个输出加成一个标量再求导,只得到一行。


def sensitivities(x, A, B):
    def total(q):
        y = B @ jnp.tanh(A @ q)
        return y.sum()

    return jax.grad(total)(x)
