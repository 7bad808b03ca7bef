# expect: failed values "平方加在了 1 − tanh 上"
# expect.en: "the square is taken of 1 − tanh"
# 错误示范:手写闭式雅可比,可导数写成了 (1 − tanh)²,而不是 1 − tanh²。
def sensitivities(x, A, B):
    act = jnp.tanh(A @ x)
    slope = jnp.square(1.0 - act)
    return B @ (slope[:, None] * A)
