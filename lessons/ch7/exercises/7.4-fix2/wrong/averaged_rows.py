# expect: failed values "除以批大小"
# expect.en: "divided by the batch size"
# 错误示范:逐样本梯度算对了,又“按批平均”把每一行都除以了 B。
def logistic_loss(params, x, y, mu, sd):
    z = (x - mu) / (sd + 1e-6)
    logit = jnp.dot(params["w"], z) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(theta, X, Y):
    mu, sd = X.mean(axis=0), X.std(axis=0)
    g = jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0, None, None))(theta, X, Y, mu, sd)
    return jax.tree.map(lambda a: a / X.shape[0], g)
