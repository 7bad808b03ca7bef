# expect: failed values "补出来的行"
# expect.en: "padding rows"
# 错误示范:怀疑是数值问题,给结果套了 nan_to_num,可补出来的行照样进了平均。
@jax.jit
def bucket_loss(w, X, y, mask):
    resid = X @ w - y
    return jnp.nan_to_num(jnp.mean(resid * resid))
