# Exercise 0.1: a normaliser that leaves its input alone
#
# The chapter context has already imported jax, jax.numpy as jnp and numpy as np.


def drop_and_renormalize(weights, i):
    # Arguments: weights is a 1-D array of non-negative weights (JAX or NumPy); i is the position
    #            to leave out (it may be a tracer).
    # Returns: a new array, 0 at position i, the rest rescaled to sum to 1. weights itself must
    #          not change.
    raise NotImplementedError


# Once written, you can try it here (the checks do not use this code), for example:
#     print(drop_and_renormalize(jnp.array([2.0, 1.0, 1.0]), 0))   # should be [0. 0.5 0.5]
#     print(jax.jit(drop_and_renormalize)(jnp.array([2.0, 1.0, 1.0]), jnp.int32(1)))
