# expect: failed values "只用剩下的"
# expect.en: "on the 2 leftover rows alone"
# 错误示范:学习率改成了动态参数,可又想“不浪费数据”:每个 epoch 多走一步,只用剩下不满一批的那几行。
def epoch(w, X, y, lr, batch):
    n = X.shape[0]
    full = n // batch

    def sgd(w, Xb, yb):
        grad = jax.grad(lambda v: jnp.mean((Xb @ v - yb) ** 2))(w)
        return w - lr * grad

    def one(w, s):
        take = lax.dynamic_slice_in_dim(X, s * batch, batch)
        want = lax.dynamic_slice_in_dim(y, s * batch, batch)
        return sgd(w, take, want), None

    w, _ = lax.scan(one, w, jnp.arange(full))
    if n % batch:
        w = sgd(w, X[full * batch :], y[full * batch :])
    return w


epoch_jit = jax.jit(epoch, static_argnames="batch")


def run_epochs(w, X, y, lrs, batch):
    for lr in lrs:
        w = epoch_jit(w, X, y, lr, batch=batch)
    return w
