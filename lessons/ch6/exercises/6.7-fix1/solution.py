# 参考答案:输出这边也要说清楚:预测沿批维叠起来(0),参数与批维度无关(None),原样交回。

SHARED_PARAMS_BATCHED_X = (None, 0)     # 参数整批共用,样本沿第 0 维
BATCHED_PREDS_SHARED_PARAMS = (0, None)


def predict_batch(params, xs):
    per_sample = jax.vmap(predict_and_update, SHARED_PARAMS_BATCHED_X,
                          out_axes=BATCHED_PREDS_SHARED_PARAMS)
    return per_sample(params, xs)
