# Repair exercise: with very large or very small numbers among the logits, the loss is inf / NaN.
# Change it until the checks pass (Ctrl+T shows a hint).


def xent(z, labels):
    e = jnp.exp(z)
    probs = e / e.sum(axis=-1, keepdims=True)
    logp = jnp.log(probs)
    return -logp[jnp.arange(z.shape[0]), labels].mean()
