# Reference solution: the mask acts on both numerator and denominator; the shapes depend only on the bucket, and each bucket compiles once.


@jax.jit
def bucket_loss(w, X, y, mask):
    resid = X @ w - y
    return jnp.sum(mask * resid * resid) / jnp.sum(mask)
