# Repair exercise: the mean comes out wrong when the data holds real zeros.
# Change it until the check passes (Ctrl+T shows hints).


def masked_mean(padded, lengths):
    valid = padded != 0
    total = jnp.sum(jnp.where(valid, padded, 0.0), axis=1)
    return total / jnp.maximum(valid.sum(axis=1), 1)
