# expect: failed compiles "仍是缓存键的一部分"
# expect.en: "still part of the cache key"
# 错误示范:整个 run_epochs 一起 jit,把学习率列表转成元组当静态参数。这一遍只编译一次,可换一组学习率就又要编译。
import functools


def epoch(w, X, y, lr, batch):
    steps = X.shape[0] // batch

    def step(w, rows):
        g = jax.grad(lambda w: jnp.mean(jnp.square(X[rows] @ w - y[rows])))(w)
        return w - lr * g, None

    rows = jnp.arange(steps * batch).reshape(steps, batch)
    return lax.scan(step, w, rows)[0]


@functools.partial(jax.jit, static_argnames=("lrs", "batch"))
def _run(w, X, y, lrs, batch):
    for lr in lrs:
        w = epoch(w, X, y, lr, batch)
    return w


def run_epochs(w, X, y, lrs, batch):
    return _run(w, X, y, tuple(lrs), batch)
