# expect: failed values "在这里不行" "jnp.sum(mask)" not "改成 static 参数"
# expect.en: "does not work here" "jnp.sum(mask)" not "Make it a static argument"
# 错误示范:在 jit 函数里用 int(mask.sum()) 数出真实行数再切片:行数是追踪值,转不成 Python 整数。
@jax.jit
def bucket_loss(w, X, y, mask):
    rows = int(jnp.sum(mask))
    resid = X[:rows] @ w - y[:rows]
    return jnp.mean(resid * resid)
