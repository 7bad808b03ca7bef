# expect: failed values "自己的统计量"
# expect.en: "its own statistics"
# 错误示范:统计量挪到了外面,可按 axis=1(每个样本自己的各特征)算的,还是每个样本只看自己。
def logistic_loss(params, z, y):
    logit = jnp.dot(params["w"], z) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    Z = (X - X.mean(axis=1, keepdims=True)) / (X.std(axis=1, keepdims=True) + 1e-6)
    return jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0))(params, Z, Y)
