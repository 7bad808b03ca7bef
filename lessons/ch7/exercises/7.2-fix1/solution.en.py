# Reference solution: a double where. The first where replaces 0 with the safe value 1.0 before computing, the second selects the output.


def sinc(x):
    nonzero = x != 0
    x_in = jnp.where(nonzero, x, 1.0)
    return jnp.where(nonzero, jnp.sin(x_in) / x_in, 1.0)
