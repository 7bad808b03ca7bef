# Repair exercise: when a whole row is masked, that row is NaN.
# Change it until the checks pass (Ctrl+T shows a hint).


def masked_softmax(z, allowed):
    return jax.nn.softmax(jnp.where(allowed, z, -jnp.inf), axis=-1)
