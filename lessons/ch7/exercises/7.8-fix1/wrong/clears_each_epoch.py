# expect: failed compiles "jax.clear_caches()" not "静态参数"
# expect.en: "jax.clear_caches()" not "static argument"
# isolated: 调用 jax.clear_caches(),清空整个进程的编译缓存
# 错误示范:jit 的写法是对的,可每个 epoch 跑完都清一次缓存,下一个学习率只能重新编译。
def epoch(w, X, y, lr, batch):
    steps = X.shape[0] // batch

    def step(w, rows):
        g = jax.grad(lambda w: jnp.mean(jnp.square(X[rows] @ w - y[rows])))(w)
        return w - lr * g, None

    rows = jnp.arange(steps * batch).reshape(steps, batch)
    return lax.scan(step, w, rows)[0]


epoch_jit = jax.jit(epoch, static_argnames="batch")


def run_epochs(w, X, y, lrs, batch):
    for lr in lrs:
        w = epoch_jit(w, X, y, lr, batch=batch)
        jax.clear_caches()
    return w
