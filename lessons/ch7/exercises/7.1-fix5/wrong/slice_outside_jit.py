# expect: failed compiles "每种长度都有自己的编译"
# expect.en: "each length compiles on its own"
# 错误示范(压下症状的错误办法):在 jit 外面用 int(mask.sum()) 切回真实行数。数值对了,可每种长度都要编译。
def bucket_loss(w, X, y, mask):
    n = int(mask.sum())
    resid = X[:n] @ w - y[:n]
    return jnp.mean(resid * resid)
