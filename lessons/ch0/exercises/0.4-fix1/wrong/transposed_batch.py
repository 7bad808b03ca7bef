# expect: failed batch "xs 原样传入" not "顺序"
# expect.en: "pass xs as it is" not "order"
# 错误示范:in_axes=(None, 0) 写对了,却把 xs.T 传了进去,每次调用拿到的还是一列。
# 提示不能只说"in_axes=(None, 0)"(已经写了),要说出 xs 应原样传入。
def predict(w, x):
    return jnp.dot(x, w)


def batch_predict(w, xs):
    columns_first = xs.T
    return jax.vmap(predict, in_axes=(None, 0))(w, columns_first)
