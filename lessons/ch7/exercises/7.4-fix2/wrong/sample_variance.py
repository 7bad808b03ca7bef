# expect: failed values "ddof=1" not "自己的统计量"
# expect.en: "ddof=1" not "its own statistics"
# 错误示范:统计量挪到了 vmap 外面,可方差按样本方差(除以 B − 1)算,不是整批的总体标准差。


def logistic_loss(params, x, y, mu, sd):
    z = (x - mu) / (sd + 1e-6)
    logit = jnp.dot(params["w"], z) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(theta, X, Y):
    mu = X.mean(axis=0)
    sd = jnp.sqrt(jnp.var(X, axis=0, ddof=1))
    return jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0, None, None))(theta, X, Y, mu, sd)
