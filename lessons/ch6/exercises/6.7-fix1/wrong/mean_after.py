# expect: failed no_copy "broadcast_in_dim (5,) → reduce_sum → div"
# expect.en: "broadcast_in_dim (5,) → reduce_sum → div"
# 错误示范:事后沿批维求平均,把复制出来的 N 份参数“合”回一份。数值碰巧对,复制照样发生。
def predict_batch(params, xs):
    preds, copies = jax.vmap(predict_and_update, (None, 0))(params, xs)
    merged = jax.tree.map(lambda leaf: jnp.mean(leaf, axis=0), copies)
    return preds, merged
