# expect: failed values "取绝对值"
# expect.en: "not taken in absolute value"
# 错误示范:残差取了绝对值而不是平方,算成了平均绝对误差。
@jax.jit
def bucket_loss(w, X, y, mask):
    return jnp.sum(mask * jnp.abs(X @ w - y)) / jnp.sum(mask)
