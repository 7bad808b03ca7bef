# expect: failed values "把逐样本梯度求平均" not "参考值不一致"
# expect.en: "averaging the per-example gradients" not "do not match"
# 错误示范:逐样本梯度本来用 vmap 算对了,又“为了稳定”在 batch 维上取平均再铺回每一行。
# 这里根本没有对整批的损失求 grad,消息不能只说那一种来源。


def logistic_loss(params, x, y, mu, sd):
    z = (x - mu) / (sd + 1e-6)
    logit = jnp.dot(params["w"], z) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(theta, X, Y):
    mu, sd = X.mean(axis=0), X.std(axis=0)
    grads = jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0, None, None))(theta, X, Y, mu, sd)
    return jax.tree.map(lambda g: jnp.broadcast_to(g.mean(axis=0), g.shape), grads)
