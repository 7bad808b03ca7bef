# expect: failed batch "in_axes"
# expect.en: "in_axes"
# 错误示范:None 写错了地方,写进了 out_axes。输入的 w 照样被沿第 0 维拆开。
def predict(w, x):
    return jnp.dot(x, w)


def batch_predict(w, xs):
    return jax.vmap(predict, out_axes=None)(w, xs)
