# Exercise 0.3 reference solution: one value_and_grad hands over the loss, the auxiliary
# predictions and the gradient.


def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred  # (the scalar to differentiate, auxiliary result)


def sgd_step(params, x, y, lr):
    (loss, pred), grad_tree = jax.value_and_grad(loss_and_pred, has_aux=True)(params, x, y)
    # grad_tree has the structure of params; tree.map builds a new dict and leaves params alone.
    new_params = jax.tree.map(lambda w, dw: w - lr * dw, params, grad_tree)
    return new_params, loss, pred


if __name__ == "__main__":
    params = {"w": jnp.array([1.0, -1.0]), "b": jnp.array(0.5)}
    x = jnp.array([[1.0, 2.0], [3.0, 4.0], [0.0, 1.0]])
    y = jnp.array([1.0, 0.0, 2.0])
    print(jax.jit(sgd_step)(params, x, y, 0.1))
