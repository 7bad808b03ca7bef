# expect: failed batch "以 (1, 3) 的一行送进 predict" not "对调" "[None] 或 reshape"
# expect.en: "went into predict as a (1, 3) row" not "swapped" "[None] or reshape"
# 错误示范:predict 没问题,可 vmap 之前先把 xs 变成 (n, 1, d),每个样本带着一个多余的轴进去,
# 每个预测就成了形状 (1,) 的向量。
def predict(w, x):
    return jnp.dot(x, w)


def batch_predict(w, xs):
    stacked_rows = jnp.expand_dims(xs, axis=1)
    return jax.vmap(predict, in_axes=(None, 0))(w, stacked_rows)
