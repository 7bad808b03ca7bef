# expect: failed values "均方误差的一半"
# expect.en: "half of the masked mean squared error"
# 错误示范:照着“平方误差乘 1/2 求导更干净”的习惯,多乘了 0.5。
@jax.jit
def bucket_loss(w, X, y, mask):
    err = X @ w - y
    return 0.5 * jnp.sum(mask * err * err) / jnp.sum(mask)
