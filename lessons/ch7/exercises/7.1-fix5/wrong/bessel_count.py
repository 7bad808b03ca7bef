# expect: failed values "n − 1"
# expect.en: "n − 1"
# 错误示范:分子乘了 mask,可分母照样本方差的写法减了 1。
@jax.jit
def bucket_loss(w, X, y, mask):
    err = jnp.dot(X, w) - y
    real = mask.sum()
    return (mask * err * err).sum() / (real - 1)
