# expect: failed values "in_axes 和 (params, X, Y) 对不上" not "默认"
# expect.en: "does not fit (params, X, Y)" not "default"
# 错误示范:知道参数要写 None,却把 None 放到了最后一个位置:params 还是被切开,Y 反而没有切。
def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    return jax.vmap(jax.grad(logistic_loss), in_axes=(0, 0, None))(params, X, Y)
