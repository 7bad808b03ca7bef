# expect: failed values "分母"
# expect.en: "denominator"
# 错误示范:分子乘了 mask,分母还是桶的大小。
@jax.jit
def bucket_loss(w, X, y, mask):
    resid = X @ w - y
    return jnp.mean(mask * resid * resid)
