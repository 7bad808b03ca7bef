# Exercise 0.4: vmap and per-example gradients
#
# The chapter context has already imported jax, jax.numpy as jnp and numpy as np.


def example_loss(w, x, y):
    # One example: w has shape (d,), x has shape (d,), y is a scalar. Return the squared error
    # (x·w − y)².
    raise NotImplementedError


def per_example_losses(w, xs, ys):
    # xs has shape (n, d), ys shape (n,). Return the per-example losses, shape (n,).
    # Use jax.vmap; w is shared.
    raise NotImplementedError


def per_example_grads(w, xs, ys):
    # Return the per-example gradients, shape (n, d): row i is the gradient of example_loss on
    # example i with respect to w.
    raise NotImplementedError


# Once written, you can try it here (the checks do not use this code), for example:
#     w = jnp.array([1.0, -1.0, 0.5])
#     xs = jnp.arange(12.0).reshape(4, 3)
#     ys = jnp.zeros(4)
#     print(per_example_losses(w, xs, ys), per_example_grads(w, xs, ys).shape)
