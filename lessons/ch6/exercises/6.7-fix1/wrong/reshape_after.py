# expect: failed shared "vmap 之后自己加上的" not "默认"
# expect.en: "added by predict_batch after the vmap call" not "default"
# 错误示范:out_axes 写对了,返回前却把每个参数 reshape 成长度 1 的向量。
def predict_batch(params, xs):
    per_sample = jax.vmap(predict_and_update, (None, 0), out_axes=(0, None))
    ys, same = per_sample(params, xs)
    return ys, {name: jnp.reshape(value, (1,)) for name, value in same.items()}
