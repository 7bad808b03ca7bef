# expect: failed values "分子仍把全部" not "不一致"
# expect.en: "the numerator still sums" not "does not match"
# 错误示范:分母换成了真实行数,可分子里的平方残差没有乘掩码。
def _masked_mse(w, X, y, mask):
    err = jnp.square(jnp.dot(X, w) - y)
    return err.sum() / mask.sum()


bucket_loss = jax.jit(_masked_mse)
