# expect: failed values "再开平方" not "填充行"
# expect.en: "square root of the masked mean squared error" not "padding rows"
# 错误示范:掩码和分母都对,可最后多开了一次方,算出来的是 RMSE。
@jax.jit
def bucket_loss(w, X, y, mask):
    err = X @ w - y
    return jnp.sqrt(jnp.sum(mask * err ** 2) / jnp.sum(mask))
