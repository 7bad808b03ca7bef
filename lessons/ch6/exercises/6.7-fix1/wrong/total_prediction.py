# expect: failed shared "加总" not "平均"
# expect.en: "summed over the batch" not "averaged"
# 错误示范:轴写对了,却把整批预测加成了一个数再返回,每个样本自己的预测丢了。


def predict_batch(params, xs):
    per_sample = jax.vmap(predict_and_update, (None, 0), out_axes=(0, None))
    preds, same = per_sample(params, xs)
    return preds.sum(), same
