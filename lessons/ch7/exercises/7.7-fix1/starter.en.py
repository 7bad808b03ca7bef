# Repair exercise: the leaves of the result have the wrong shapes.
# Change it until the checks pass (Ctrl+T shows a hint).


def zeros_from_spec(spec):
    return jax.tree.map(jnp.zeros, spec)
