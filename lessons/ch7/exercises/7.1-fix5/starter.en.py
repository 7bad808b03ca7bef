# Repair exercise: the padded rows count in the loss too.
# Change it until the checks pass (Ctrl+T shows a hint).


@jax.jit
def bucket_loss(w, X, y, mask):
    resid = X @ w - y
    return jnp.mean(resid * resid)
