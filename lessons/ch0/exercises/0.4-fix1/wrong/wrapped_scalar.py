# expect: failed batch "长度为 1 的轴是在 predict 外面加上的" not "对调"
# expect.en: "the axis of length 1 was added around predict" not "swapped"
# 错误示范:怕 vmap 堆不起标量,先把每个预测 reshape 成长度 1 的向量。
def predict(w, x):
    return jnp.dot(x, w)


def batch_predict(w, xs):
    one = lambda x: jnp.reshape(predict(w, x), (1,))
    return jax.vmap(one)(xs)
