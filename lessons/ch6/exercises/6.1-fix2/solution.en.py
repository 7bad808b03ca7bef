# Reference solution: the gain is passed into the jitted function; it only takes part in the arithmetic, so it is a dynamic argument and a new value does not recompile.


@jax.jit
def amplify(x, gain):
    return x * gain


def amplify_all(x, gains):
    return jnp.stack([amplify(x, g) for g in gains])
