# expect: failed values "Python 的 if" not "静态参数"
# expect.en: "A Python if" not "static argument"
# 错误示范:分子乘了掩码、分母是 jnp.sum(mask),都对;可又加了一个 Python if 防空桶,jit 下 count 是追踪值。
@jax.jit
def bucket_loss(w, X, y, mask):
    count = jnp.sum(mask)
    if count == 0:
        return 0.0
    r = X @ w - y
    return jnp.sum(mask * r * r) / count
