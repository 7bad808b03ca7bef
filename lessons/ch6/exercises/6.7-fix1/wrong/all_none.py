# expect: failed shared "与批维度无关"
# expect.en: "do not depend on the batch dimension"
# 错误示范:两个输出都写成 out_axes=None。预测值依赖每个样本,vmap 直接报错。
def predict_batch(params, xs):
    per_sample = jax.vmap(predict_and_update, out_axes=None, in_axes=(None, 0))
    return per_sample(params, xs)
