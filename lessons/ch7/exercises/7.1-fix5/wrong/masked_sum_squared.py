# expect: failed values "按掩码求和之后的平方"
# expect.en: "the square of the masked sum of the residuals"
# 错误示范:先把带掩码的残差加起来再平方,而不是先平方再求和。
@jax.jit
def bucket_loss(w, X, y, mask):
    errors = mask * (X @ w - y)
    total = jnp.sum(errors)
    return total * total / jnp.sum(mask)
