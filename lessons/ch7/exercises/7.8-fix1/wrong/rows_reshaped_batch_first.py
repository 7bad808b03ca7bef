# expect: failed values "批的个数和批大小对调了" not "不一致"
# expect.en: "swaps the number of batches and the batch size" not "does not match"
# 错误示范:行号排成了 (batch, steps):scan 走 batch 步,每步只拿连续的 steps 行。
def epoch(w, X, y, lr, batch):
    steps = X.shape[0] // batch

    def step(w, rows):
        g = jax.grad(lambda w: jnp.mean(jnp.square(X[rows] @ w - y[rows])))(w)
        return w - lr * g, None

    rows = jnp.arange(steps * batch).reshape(batch, steps)
    return lax.scan(step, w, rows)[0]


epoch_jit = jax.jit(epoch, static_argnames="batch")


def run_epochs(w, X, y, lrs, batch):
    for lr in lrs:
        w = epoch_jit(w, X, y, lr, batch=batch)
    return w
