# expect: failed values "没有减去整批均值"
# expect.en: "the batch mean never subtracted"
# 错误示范:整批统计量在外面算对了,可只除以了标准差,忘了先减均值。
def logistic_loss(params, z, y):
    logit = jnp.dot(params["w"], z) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    sigma = jnp.std(X, axis=0, keepdims=True)
    scaled = X * (1.0 / (sigma + 1e-6))
    return jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0))(params, scaled, Y)
