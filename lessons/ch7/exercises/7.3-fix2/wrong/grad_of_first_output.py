# expect: failed values "只有第 0 个输出的梯度" not "加起来"
# expect.en: "the gradient of output 0 alone" not "sum of the m outputs"
# 错误示范:用 jax.grad 对第一个输出求导,以为别的输出一样,结果只有雅可比矩阵的一行。


def sensitivities(x, A, B):
    first_output = lambda q: (B @ jnp.tanh(A @ q))[0]  # noqa: E731
    return jax.grad(first_output)(x)
