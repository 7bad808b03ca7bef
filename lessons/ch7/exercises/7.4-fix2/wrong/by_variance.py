# expect: failed values "除的是方差"
# expect.en: "divided by its variance"
# 错误示范:统计量在 vmap 外按整批算,可尺度取成了方差 X.var 而不是标准差。
def logistic_loss(params, x, y, mu, scale):
    logit = jnp.dot(params["w"], (x - mu) / (scale + 1e-6)) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(theta, X, Y):
    grad_one = jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0, None, None))
    return grad_one(theta, X, Y, X.mean(axis=0), X.var(axis=0))
