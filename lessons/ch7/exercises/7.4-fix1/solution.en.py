# Reference solution: parameters not sliced (None), data sliced along axis 0 (0, 0).


def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(theta, X, Y):
    one_grad = jax.grad(logistic_loss)
    return jax.vmap(one_grad, in_axes=(None, 0, 0))(theta, X, Y)
