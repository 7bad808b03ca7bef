# expect: failed no_copy "broadcast_in_dim (5,) → slice → squeeze"
# expect.en: "broadcast_in_dim (5,) → slice → squeeze"
# 错误示范(把症状压下去的错误办法):照旧广播,事后取第 0 份。形状对了,但复制已经发生。
def predict_batch(params, xs):
    preds, copies = jax.vmap(predict_and_update, (None, 0))(params, xs)
    first_copy = jax.tree.map(lambda leaf: leaf[0], copies)
    return preds, first_copy
