# expect: failed values "后面的学习率没有用上" not "不一致"
# expect.en: "the later learning rates are never used" not "does not match"
# 错误示范:循环次数对了,可每个 epoch 传进去的都是 lrs[0]。
def epoch(w, X, y, lr, batch):
    steps = X.shape[0] // batch

    def step(w, rows):
        g = jax.grad(lambda w: jnp.mean(jnp.square(X[rows] @ w - y[rows])))(w)
        return w - lr * g, None

    rows = jnp.arange(steps * batch).reshape(steps, batch)
    return lax.scan(step, w, rows)[0]


epoch_jit = jax.jit(epoch, static_argnames="batch")


def run_epochs(w, X, y, lrs, batch):
    lr = lrs[0]
    for _ in lrs:
        w = epoch_jit(w, X, y, lr, batch=batch)
    return w
