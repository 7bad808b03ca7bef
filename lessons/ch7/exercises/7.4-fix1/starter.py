# 修复练习:per_example_grads 一调用就报错。
# 改到检查通过为止(Ctrl+T 看提示)。


def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    return jax.vmap(jax.grad(logistic_loss))(params, X, Y)
