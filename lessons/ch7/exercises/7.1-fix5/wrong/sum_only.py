# expect: failed values "没有除以任何数" not "分母还是桶的大小"
# expect.en: "not divided by anything" not "still the bucket size"
# 错误示范:遮罩乘进了平方误差,可最后忘了除以真实行数,返回的是和不是均值。
@jax.jit
def bucket_loss(w, X, y, mask):
    err = (jnp.dot(X, w) - y) * mask
    return jnp.dot(err, err)
