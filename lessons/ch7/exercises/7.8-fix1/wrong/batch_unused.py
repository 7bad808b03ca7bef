# expect: failed values "全部数据上做梯度下降" not "不一致"
# expect.en: "on the whole data at every step" not "does not match"
# 错误示范:scan 按批迭代了行号,可损失里忘了用它们,每一步都对整个数据集求梯度。
def epoch(w, X, y, lr, batch):
    n_steps = X.shape[0] // batch
    idx = jnp.arange(n_steps * batch).reshape(n_steps, batch)

    def full_loss(v):
        return jnp.mean((X @ v - y) ** 2)

    def step(w, _rows):
        return w - lr * jax.grad(full_loss)(w), None

    return lax.scan(step, w, idx)[0]


epoch_jit = jax.jit(epoch, static_argnames="batch")


def run_epochs(w, X, y, lrs, batch):
    for lr in lrs:
        w = epoch_jit(w, X, y, lr, batch=batch)
    return w
