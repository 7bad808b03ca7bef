# expect: failed values "符号反了"
# expect.en: "the label term of the loss has the wrong sign"
# 错误示范:标准化用的是整批的统计量,没问题;可 loss 里 y·logit 前写成了加号。
def logistic_loss(params, x, y, mu, sd):
    z = (x - mu) / (sd + 1e-6)
    logit = jnp.dot(params["w"], z) + params["b"]
    return jax.nn.softplus(logit) + y * logit


def per_example_grads(theta, X, Y):
    mu, sd = X.mean(axis=0), X.std(axis=0)
    return jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0, None, None))(theta, X, Y, mu, sd)
