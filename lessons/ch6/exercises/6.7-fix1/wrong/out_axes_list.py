# expect: failed shared "树前缀" "列表 [0, None]" not "预测值依赖每个样本,应写"
# expect.en: "tree prefix" "A list [0, None]" not "out_axes=None is only for"
# 错误示范:in_axes 和 out_axes 都写成了列表。函数返回的是元组,列表 [0, None] 不是它的树前缀,
# vmap 报的是结构不匹配,并不是预测值上写了 None,消息不能那样说。
def predict_batch(params, xs):
    batched = jax.vmap(predict_and_update, [None, 0], [0, None])  # 列表写法
    preds, kept = batched(params, xs)
    return preds, kept
