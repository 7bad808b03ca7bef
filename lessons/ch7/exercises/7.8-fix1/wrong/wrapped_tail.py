# expect: failed values "绕回开头" not "不一致"
# expect.en: "extra batch wrapped around" not "does not match"
# 错误示范:不想丢掉最后几行,多走一步,凑不满的位置用取模从第一行重新取。
def epoch(w, X, y, lr, batch):
    total = X.shape[0]
    count = (total + batch - 1) // batch
    order = jnp.remainder(jnp.arange(count * batch), total).reshape(count, batch)

    def update(w, picked):
        xb, yb = X[picked], y[picked]
        g = jax.grad(lambda v: jnp.mean((xb @ v - yb) ** 2))(w)
        return w - lr * g, None

    return lax.scan(update, w, order)[0]


epoch_jit = jax.jit(epoch, static_argnames="batch")


def run_epochs(w, X, y, lrs, batch):
    for lr in lrs:
        w = epoch_jit(w, X, y, lr, batch=batch)
    return w
