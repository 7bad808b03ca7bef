# Reference solution: the first and second moments each get new zero arrays, so every buffer belongs to one leaf only.


def adam_init(weights):
    first = jax.tree.map(jnp.zeros_like, weights)    # first moment: zero arrays of its own
    second = jax.tree.map(jnp.zeros_like, weights)   # second moment: built separately again
    step0 = jnp.zeros((), jnp.int32)
    return AdamState(count=step0, mu=first, nu=second)
