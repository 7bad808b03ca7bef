# expect: failed values "tanh 没有平方"
# expect.en: "the tanh is not squared"
# 错误示范:手写链式法则,tanh 的导数写成了 1 − tanh。
def sensitivities(x, A, B):
    h = jnp.tanh(A @ x)
    return B @ ((1.0 - h)[:, None] * A)
