# expect: failed values "整批平均损失的梯度"
# expect.en: "the batch mean loss"
# 错误示范:对整批平均损失求 grad,只得到一个梯度。
def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    losses = jax.vmap(logistic_loss, in_axes=(None, 0, 0))
    return jax.grad(lambda p: jnp.mean(losses(p, X, Y)))(params)
