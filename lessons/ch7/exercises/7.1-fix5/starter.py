# 修复练习:补齐后的行也算进了损失。
# 改到检查通过为止(Ctrl+T 看提示)。


@jax.jit
def bucket_loss(w, X, y, mask):
    resid = X @ w - y
    return jnp.mean(resid * resid)
