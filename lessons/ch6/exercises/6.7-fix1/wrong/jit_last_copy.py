# expect: failed no_copy "reduce_max" not "reduce_sum" "slice"
# expect.en: "reduce_max" not "reduce_sum" "slice"
# 错误示范:把 vmap 包进 jit,再用 max 把 N 份相同的参数“合”回一份。广播藏在 jit 里面,复制照样发生。
def predict_batch(params, xs):
    preds, copies = jax.jit(jax.vmap(predict_and_update, (None, 0)))(params, xs)
    merged = jax.tree.map(lambda leaf: jnp.max(leaf, axis=0), copies)
    return preds, merged
