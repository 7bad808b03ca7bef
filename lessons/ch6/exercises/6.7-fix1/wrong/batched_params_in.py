# expect: failed shared "让参数沿第 0 轴映射" not "默认"
# expect.en: "maps the parameters along axis 0" not "default"
# 错误示范:先用 jnp.repeat 把参数复制成一批,再让 vmap 把两个参数都沿第 0 轴拆开。
def predict_batch(params, xs):
    count = xs.shape[0]
    copies = {name: jnp.repeat(jnp.asarray(value)[None], count) for name, value in params.items()}
    per_sample = jax.vmap(predict_and_update)  # in_axes 默认为 0
    return per_sample(copies, xs)
