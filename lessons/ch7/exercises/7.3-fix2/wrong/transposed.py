# expect: failed values "转置"
# expect.en: "transpose"
# 错误示范:换成了 jacrev,却又多转置了一次,得到 (n, m)。
def sensitivities(x, A, B):
    return jax.jacrev(lambda q: B @ jnp.tanh(A @ q))(x).T
