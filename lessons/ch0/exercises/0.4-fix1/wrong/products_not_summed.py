# expect: failed batch "没有加起来" not "多了一个长度为 1 的轴"
# expect.en: "were never added up" not "extra axis of length 1"
# 错误示范:predict 写成了逐元素的 x * w,忘了求和成点积,每个样本得到 d 个数。
def predict(w, x):
    return x * w


def batch_predict(w, xs):
    return jax.vmap(predict, in_axes=(None, 0))(w, xs)
