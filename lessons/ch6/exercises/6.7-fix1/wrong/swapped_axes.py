# expect: failed shared "in_axes"
# expect.en: "in_axes"
# 错误示范:把 in_axes 写反了,参数被当成一批、样本被当成共享的。
def predict_batch(params, xs):
    per_sample = jax.vmap(predict_and_update, out_axes=(0, None), in_axes=(0, None))
    return per_sample(params, xs)
