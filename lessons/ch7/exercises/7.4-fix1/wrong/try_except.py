# expect: failed values "参数也"
# expect.en: "parameters are treated as a batch too"
# 错误示范(压下症状的错误办法):接住报错,退回到把参数也切开的写法里能跑的部分。还是同一个错误。
def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    try:
        return jax.vmap(jax.grad(logistic_loss))(params, X, Y)
    except ValueError:
        return jax.vmap(jax.grad(logistic_loss), in_axes=({"w": 0, "b": None}, 0, 0))(params, X, Y)
