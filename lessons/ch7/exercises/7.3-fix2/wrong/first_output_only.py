# expect: failed values "第 0 行" "只得到这一行" not "各行之和"
# expect.en: "row 0 of the Jacobian" "gives that one row" not "sum of rows"
# 错误示范:只对第 0 个输出求了 jax.grad,得到雅可比矩阵的一行。它不是各行之和,
# 所以消息不能说“一次反向传播只能得到各行之和”,只说一个输出的反向传播给出这一行。
def sensitivities(x, A, B):
    first = lambda q: (B @ jnp.tanh(A @ q))[0]  # noqa: E731
    return jax.grad(first)(x)
