# expect: failed compiles "重新编译"
# expect.en: "compiled again on every call" not "the same function"
# 错误示范:每个 epoch 新建一个 jit,把 lr 闭包进去。每个 lambda 都是新函数,照样每个 epoch 编译一次。
def epoch(w, X, y, lr, batch):
    steps = X.shape[0] // batch

    def step(w, rows):
        g = jax.grad(lambda w: jnp.mean(jnp.square(X[rows] @ w - y[rows])))(w)
        return w - lr * g, None

    rows = jnp.arange(steps * batch).reshape(steps, batch)
    return lax.scan(step, w, rows)[0]


def run_epochs(w, X, y, lrs, batch):
    for lr in lrs:
        w = jax.jit(lambda w: epoch(w, X, y, lr, batch))(w)
    return w
