# Repair exercise: the per-example gradients do not match standardization with the whole batch.
# Change it until the checks pass (Ctrl+T shows a hint).


def logistic_loss(params, x, y):
    z = (x - x.mean(axis=0)) / (x.std(axis=0) + 1e-6)      # meant as: the whole batch's mean and standard deviation
    logit = jnp.dot(params["w"], z) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(theta, X, Y):
    return jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0))(theta, X, Y)
