# Reference solution: bring out the intermediate you want to keep as a return value; after jit it is an ordinary array.


@jax.jit
def normalize_and_center(x):
    centered = x - jnp.mean(x)
    return centered / jnp.std(x), centered
