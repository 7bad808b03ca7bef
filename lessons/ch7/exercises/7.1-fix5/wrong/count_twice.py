# expect: failed values "真实行数多除了一次"
# expect.en: "the number of real rows divides twice"
# 错误示范:先对真实行求平均,又把这个平均再除了一次行数。
@jax.jit
def bucket_loss(w, X, y, mask):
    sq = jnp.square(X @ w - y) * mask
    avg = jnp.sum(sq) / jnp.sum(mask)
    return avg / jnp.sum(mask)
