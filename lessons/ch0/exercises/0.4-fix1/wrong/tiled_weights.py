# expect: failed batch "另一个参数" not "共享的 w 也被"
# expect.en: "another argument" not "the shared w was split"
# 错误示范:想让每个样本各拿一份 w,先把 w 平铺成 d 行再一起映射;n ≠ d 时行数对不上,vmap 报大小不一致。


def predict(w, x):
    return jnp.dot(x, w)


def batch_predict(w, xs):
    stacked = jnp.tile(w, (w.shape[0], 1))
    return jax.vmap(predict)(stacked, xs)
