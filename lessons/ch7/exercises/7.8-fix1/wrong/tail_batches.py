# expect: failed values "丢掉开头" not "不一致"
# expect.en: "the first 2 rows dropped" not "does not match"
# 错误示范:学习率已是普通参数,可分批时从末尾往前切,凑不满一批的行落在了开头被丢掉。


def _one_epoch(w, X, y, lr, batch):
    nb = X.shape[0] // batch
    used = nb * batch
    Xs = X[-used:].reshape(nb, batch, -1)
    ys = y[-used:].reshape(nb, batch)

    def body(weights, chunk):
        xb, yb = chunk
        grad = jax.grad(lambda v: jnp.mean((xb @ v - yb) ** 2))(weights)
        return weights - lr * grad, None

    return lax.scan(body, w, (Xs, ys))[0]


_one_epoch_jit = jax.jit(_one_epoch, static_argnames="batch")


def run_epochs(w, X, y, lrs, batch):
    for lr in lrs:
        w = _one_epoch_jit(w, X, y, lr, batch=batch)
    return w
