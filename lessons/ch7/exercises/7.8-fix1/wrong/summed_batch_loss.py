# expect: failed values "乘上批大小"
# expect.en: "multiplied by the batch size"
# 错误示范:一批的损失写成了平方误差之和(用 vdot 算),梯度大了 batch 倍。
def epoch(w, X, y, lr, batch):
    steps = X.shape[0] // batch

    def batch_loss(w, Xb, yb):
        r = Xb @ w - yb
        return jnp.vdot(r, r)

    def step(w, rows):
        return w - lr * jax.grad(batch_loss)(w, X[rows], y[rows]), None

    rows = jnp.arange(steps * batch).reshape(steps, batch)
    return lax.scan(step, w, rows)[0]


epoch_jit = jax.jit(epoch, static_argnames="batch")


def run_epochs(w, X, y, lrs, batch):
    for lr in lrs:
        w = epoch_jit(w, X, y, lr, batch=batch)
    return w
