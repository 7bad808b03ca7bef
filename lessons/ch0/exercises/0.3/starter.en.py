# Exercise 0.3: value_and_grad and has_aux
#
# The chapter context has already imported jax, jax.numpy as jnp and numpy as np.
# params = {"w": shape (d,), "b": scalar}; x has shape (n, d); y has shape (n,).


def loss_and_pred(params, x, y):
    # Return (scalar mean squared error, predictions x @ w + b of shape (n,)).
    raise NotImplementedError


def sgd_step(params, x, y, lr):
    # Get loss, predictions and gradient at once with jax.value_and_grad(loss_and_pred, has_aux=True).
    # Return (new params dict, loss at the old params, predictions at the old params);
    # leave the params passed in unchanged.
    raise NotImplementedError


# Once written, you can try it here (the checks do not use this code), for example:
#     params = {"w": jnp.array([1.0, -1.0]), "b": jnp.array(0.5)}
#     x = jnp.array([[1.0, 2.0], [3.0, 4.0], [0.0, 1.0]])
#     y = jnp.array([1.0, 0.0, 2.0])
#     print(sgd_step(params, x, y, 0.1))
