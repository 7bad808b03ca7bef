# 另一种修法:vmap 照旧按默认 out_axes 交回一批参数副本,但这批副本直接丢掉,交回的是传进来的参数本身。
# 丢掉的广播在 jit 里会被删掉,交回的参数也没有经过任何复制。


def predict_batch(params, xs):
    preds, _ = jax.vmap(predict_and_update, (None, 0))(params, xs)
    return preds, params
