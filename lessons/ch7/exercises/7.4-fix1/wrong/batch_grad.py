# expect: failed values "batch 平均"
# expect.en: "batch mean"
# 错误示范:对批损失求 grad,得到的是平均后的一个梯度,再复制 B 份凑形状。
def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    mean_loss = lambda p: jnp.mean(jax.vmap(logistic_loss, in_axes=(None, 0, 0))(p, X, Y))
    g = jax.grad(mean_loss)(params)
    return jax.tree.map(lambda leaf: jnp.broadcast_to(leaf, (X.shape[0],) + leaf.shape), g)
