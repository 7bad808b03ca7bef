# expect: failed values "batch 成了追踪值"
# expect.en: "batch is a traced value"
# 错误示范:为了不再按学习率重编译,干脆把静态参数全去掉了;batch 决定形状,变成追踪值后 arange 出错。
def epoch(w, X, y, lr, batch):
    steps = X.shape[0] // batch

    def step(w, rows):
        g = jax.grad(lambda w: jnp.mean(jnp.square(X[rows] @ w - y[rows])))(w)
        return w - lr * g, None

    rows = jnp.arange(steps * batch).reshape(steps, batch)
    return lax.scan(step, w, rows)[0]


epoch_jit = jax.jit(epoch)


def run_epochs(w, X, y, lrs, batch):
    for k in range(len(lrs)):
        w = epoch_jit(w, X, y, lrs[k], batch)
    return w
