# Exercise 0.4 reference solution: a per-example function plus vmap; grad and vmap stack directly.


def example_loss(w, x, y):
    return (jnp.dot(x, w) - y) ** 2  # one example, one scalar: grad applies directly


def per_example_losses(w, xs, ys):
    # w is shared: None means "do not split"; xs and ys hand over one example at a time along axis 0.
    return jax.vmap(example_loss, in_axes=(None, 0, 0))(w, xs, ys)


def per_example_grads(w, xs, ys):
    # grad of the per-example loss (a scalar output), then batched: one example's gradient per row.
    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, xs, ys)


if __name__ == "__main__":
    w = jnp.array([1.0, -1.0, 0.5])
    xs = jnp.arange(12.0).reshape(4, 3)
    ys = jnp.zeros(4)
    print(per_example_losses(w, xs, ys), per_example_grads(w, xs, ys).shape)
