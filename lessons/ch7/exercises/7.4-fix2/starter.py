# 修复练习:逐样本梯度和按整批标准化的结果对不上。
# 改到检查通过为止(Ctrl+T 看提示)。


def logistic_loss(params, x, y):
    z = (x - x.mean(axis=0)) / (x.std(axis=0) + 1e-6)      # 本意:整批的均值和标准差
    logit = jnp.dot(params["w"], z) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(theta, X, Y):
    return jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0))(theta, X, Y)
