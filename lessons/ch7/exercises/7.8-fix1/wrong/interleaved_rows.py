# expect: failed values "隔 3 行取一行" not "不一致"
# expect.en: "take rows 3 apart" not "does not match"
# 错误示范:lr 不再是 static 了,可批次的行号是按列排的:每批隔几行取一行,不是连续的一段。
def epoch(w, X, y, lr, batch):
    n_steps = X.shape[0] // batch
    order = jnp.arange(n_steps * batch).reshape(batch, n_steps).T

    def step(w, idx):
        loss = lambda v: jnp.mean((X[idx] @ v - y[idx]) ** 2)
        return w - lr * jax.grad(loss)(w), None

    w, _ = lax.scan(step, w, order)
    return w


epoch_jit = jax.jit(epoch, static_argnames="batch")


def run_epochs(w, X, y, lrs, batch):
    for lr in lrs:
        w = epoch_jit(w, X, y, lr, batch=batch)
    return w
