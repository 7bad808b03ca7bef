# expect: failed batch "xs @ w" not "in_axes"
# expect.en: "xs @ w" not "in_axes"
# 错误示范:in_axes 写反了,w 沿第 0 维拆开、xs 整个共享。检查不该把它说成漏写 None。
def predict(w, x):
    return jnp.dot(x, w)


def batch_predict(w, xs):
    return jax.vmap(predict, in_axes=(0, None))(w, xs)
