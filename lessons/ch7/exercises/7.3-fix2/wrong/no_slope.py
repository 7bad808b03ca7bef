# expect: failed values "tanh 的导数因子 1 − tanh²(A·x) 丢了"
# expect.en: "the factor of tanh's derivative, 1 − tanh²(A·x), between them is missing"
# 错误示范:以为两层线性映射的雅可比就是矩阵乘积,漏了中间 tanh 的导数。
def sensitivities(x, A, B):
    return jnp.matmul(B, A)
