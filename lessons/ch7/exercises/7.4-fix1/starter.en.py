# Repair exercise: per_example_grads raises as soon as it is called.
# Change it until the checks pass (Ctrl+T shows a hint).


def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    return jax.vmap(jax.grad(logistic_loss))(params, X, Y)
