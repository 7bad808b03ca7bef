# expect: failed shared "加总" not "平均"
# expect.en: "summed over the batch" not "averaged"
# 错误示范:轴写对了,却把整批预测加成了一个数再返回,每个样本自己的预测丢了。
SHARED_IN = (None, 0)
SHARED_OUT = (0, None)


def predict_batch(params, xs):
    mapped = jax.vmap(predict_and_update, SHARED_IN, SHARED_OUT)
    per_example, same = mapped(params, xs)
    return jnp.sum(per_example), same
