# Exercise 0.5: a sampler that threads its key through
#
# The chapter context has already imported jax, jax.numpy as jnp and numpy as np.


def two_views(key, x, scale):
    # Arguments: key is a key from jax.random.key(…); x is a float array; scale is the noise's
    #            standard deviation.
    # Returns: (new_key, view1, view2). Each view gets its own independent normal noise; new_key is
    #          for the next call.
    raise NotImplementedError


# Once written, you can try it here (the checks do not use this code), for example:
#     key = jax.random.key(0)
#     x = jnp.zeros(3)
#     for _ in range(2):
#         key, v1, v2 = two_views(key, x, 0.1)
#         print(v1, v2)
