# Reference solution: the mask is built from the lengths, not the values; the denominator is at least 1, so an empty sequence has mean 0.


def masked_mean(padded, lengths):
    valid = jnp.arange(padded.shape[1]) < lengths[:, None]
    total = jnp.sum(jnp.where(valid, padded, 0.0), axis=1)
    return total / jnp.maximum(valid.sum(axis=1), 1)
