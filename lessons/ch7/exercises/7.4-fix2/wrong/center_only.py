# expect: failed values "只减去整批均值" not "ddof"
# expect.en: "mean subtracted but never divided" not "ddof"
# 错误示范:用了整批的均值,却忘了除以标准差。
def logistic_loss(params, x, y, mu):
    logit = jnp.dot(params["w"], x - mu) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    return jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0, None))(params, X, Y, X.mean(axis=0))
