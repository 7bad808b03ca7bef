# expect: failed values "对 A 的雅可比"
# expect.en: "with respect to A, not x"
# 错误示范:用了 jacrev,可 lambda 的自变量写成了矩阵 A,x 成了常量。
def sensitivities(x, A, B):
    return jax.jacrev(lambda M: B @ jnp.tanh(M @ x))(A)
