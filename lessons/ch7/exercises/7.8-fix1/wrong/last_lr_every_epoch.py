# expect: failed values "前面的学习率没有用上" not "后面的学习率没有用上"
# expect.en: "the earlier learning rates are never used" not "the later learning rates"
# 错误示范:先用一个推导式把学习率读完,循环变量留下的是最后一个值,于是三个 epoch 都用 lrs[-1]。
def epoch(w, X, y, lr, batch):
    n_steps = X.shape[0] // batch
    order = jnp.arange(n_steps * batch).reshape(n_steps, batch)

    def sgd(weights, idx):
        loss = lambda v: jnp.mean((X[idx] @ v - y[idx]) ** 2)  # noqa: E731
        return weights - lr * jax.grad(loss)(weights), None

    weights, _ = lax.scan(sgd, w, order)
    return weights


epoch_jit = jax.jit(epoch, static_argnames="batch")


def run_epochs(w, X, y, lrs, batch):
    for rate in lrs:
        pass
    for _epoch in range(len(lrs)):
        w = epoch_jit(w, X, y, rate, batch=batch)
    return w
