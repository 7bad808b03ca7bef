# expect: failed values "重新开始"
# expect.en: "starts again"
# 错误示范:编译只有一次了,可每个 epoch 都从初始的 w 重新开始(循环里的结果没有接着用)。
def epoch(w, X, y, lr, batch):
    steps = X.shape[0] // batch

    def step(w, rows):
        g = jax.grad(lambda w: jnp.mean(jnp.square(X[rows] @ w - y[rows])))(w)
        return w - lr * g, None

    rows = jnp.arange(steps * batch).reshape(steps, batch)
    return lax.scan(step, w, rows)[0]


epoch_jit = jax.jit(epoch, static_argnames="batch")


def run_epochs(w, X, y, lrs, batch):
    out = w
    for lr in lrs:
        out = epoch_jit(w, X, y, lr, batch=batch)
    return out
