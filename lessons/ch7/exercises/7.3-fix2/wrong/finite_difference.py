# expect: failed values "不一致"
# expect.en: "does not match"
# 错误示范(压下症状的错误办法):不用自动微分,改用 float32 的有限差分。误差很大。
def sensitivities(x, A, B):
    f = lambda q: B @ jnp.tanh(A @ q)
    h = 1e-3
    cols = [(f(x + h * e) - f(x)) / h for e in jnp.eye(x.shape[0])]
    return jnp.stack(cols, axis=1)
