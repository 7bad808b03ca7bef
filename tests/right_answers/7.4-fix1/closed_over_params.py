# 另一种写法:参数不进 vmap,而是闭包进单样本的梯度函数;vmap 只切数据(默认 in_axes=0 正合适)。
def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    def grad_of_one(x, y):
        return jax.grad(logistic_loss)(params, x, y)

    return jax.vmap(grad_of_one)(X, Y)
