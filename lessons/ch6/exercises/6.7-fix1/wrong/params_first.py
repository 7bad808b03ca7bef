# expect: failed shared "顺序反了"
# expect.en: "in the wrong order"
# 错误示范:out_axes 写对了,可返回时把共享的参数放在了前面。
def predict_batch(params, xs):
    per_example = jax.vmap(predict_and_update, (None, 0), (0, None))
    ys, kept = per_example(params, xs)
    return kept, ys
