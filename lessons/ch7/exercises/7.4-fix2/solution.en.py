# Reference solution: the batch statistics are computed outside vmap and passed into the per-example loss as shared arguments (in_axes=None).


def logistic_loss(params, x, y, mu, sd):
    z = (x - mu) / (sd + 1e-6)
    logit = jnp.dot(params["w"], z) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(theta, X, Y):
    mu, sd = X.mean(axis=0), X.std(axis=0)
    return jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0, None, None))(theta, X, Y, mu, sd)
