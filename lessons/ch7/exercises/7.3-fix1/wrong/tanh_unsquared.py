# expect: failed values "没有平方" not "漏了"
# expect.en: "is not squared" not "is missing"
# 错误示范:手写 tanh 的导数时忘了平方,把 1 − tanh 当成了 1 − tanh²。
def directional(x, A, v):
    slope = 1.0 - jnp.tanh(jnp.dot(A, x))
    return slope * jnp.dot(A, v)
