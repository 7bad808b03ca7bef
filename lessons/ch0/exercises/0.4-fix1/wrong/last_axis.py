# expect: failed batch "沿第 1 维拆开" not "顺序"
# expect.en: "split along axis 1" not "order"
# 错误示范:以为样本在最后一维,in_axes 写成 (None, -1);二维的 xs 就被按列拆开了。
def predict(w, x):
    return x @ w


def batch_predict(w, xs):
    return jax.vmap(predict, in_axes=(None, -1))(w, xs)
