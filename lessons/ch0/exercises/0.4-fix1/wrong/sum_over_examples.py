# expect: failed batch "沿第 0 轴(样本" not "in_axes 的顺序"
# expect.en: "summed along axis 0, over the" not "wrong order"
# 错误示范:不用 vmap,自己广播相乘,却沿样本那一轴求了和。
def predict(w, x):
    return jnp.dot(x, w)


def batch_predict(w, xs):
    products = w[None, :] * xs
    return products.sum(0)
