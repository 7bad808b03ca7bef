# expect: failed values "y 被加上了"
# expect.en: "y is added instead of subtracted"
# 错误示范:残差的符号写错,X @ w + y。
@jax.jit
def bucket_loss(w, X, y, mask):
    err = X @ w + y
    return jnp.sum(mask * err * err) / jnp.sum(mask)
