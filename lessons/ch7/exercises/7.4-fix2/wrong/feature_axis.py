# expect: failed values "axis=1" not "vmap 之后单样本损失里"
# expect.en: "axis=1" not "inside the per-example loss"
# 错误示范:统计量确实在 vmap 外面算了,可沿 axis=1 归约:每一行只用自己各特征的均值和标准差,不是每个特征在整批上的。
def logistic_loss(params, z, y):
    logit = jnp.dot(params["w"], z) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(theta, X, Y):
    centre = jnp.mean(X, axis=1, keepdims=True)
    spread = jnp.std(X, axis=1, keepdims=True)
    standard = (X - centre) / (spread + 1e-6)
    grad_one = jax.grad(logistic_loss)
    return jax.vmap(grad_one, in_axes=(None, 0, 0))(theta, standard, Y)
