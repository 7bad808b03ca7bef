# expect: failed no_copy "拷贝是在 vmap 之前做的" "in_axes=(None, 0)" not "让 vmap 一开始就不广播它"
# expect.en: "The copies are made before vmap" "in_axes=(None, 0)" not "Keep vmap from broadcasting"
# 错误示范:自己先把参数复制成每个样本一份,让 vmap 沿第 0 轴拆开,最后取第 0 份交回。复制不是 vmap 的
# out_axes 做的,只改 out_axes=(0, None) 会报错:检查看 vmap 收到的参数是否沿第 0 轴映射,再给对应的改法。
def predict_batch(params, xs):
    per_sample = jax.tree.map(lambda leaf: jnp.broadcast_to(leaf, xs.shape), params)
    preds, handed_back = jax.vmap(predict_and_update)(per_sample, xs)
    return preds, jax.tree.map(lambda a: a[0], handed_back)
