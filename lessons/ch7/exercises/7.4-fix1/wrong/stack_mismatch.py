# expect: error values "All input arrays must have the same shape" not "in_axes"
# expect.en: "All input arrays must have the same shape" not "in_axes"
# 错误示范:in_axes=(None, 0, 0) 是对的,可 loss 里把 w 和少了一列的 x 叠在一起,stack 因形状不同抛 ValueError,跟 vmap 无关。
def logistic_loss(params, x, y):
    pair = jnp.stack([params["w"], x[1:]])
    logit = jnp.dot(pair[0], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(theta, X, Y):
    return jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0))(theta, X, Y)
