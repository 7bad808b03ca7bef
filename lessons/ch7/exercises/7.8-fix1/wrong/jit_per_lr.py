# expect: failed compiles "新建了一个 jit 函数" not "静态参数"
# expect.en: "builds a new jitted function" not "static argument"
# 错误示范:lr 已经是普通参数,batch 用 partial 固定下来;可 jit 写在循环里,每个学习率都新建一个 jit 对象。
from functools import partial


def epoch(w, X, y, lr, batch):
    steps = X.shape[0] // batch

    def step(w, rows):
        g = jax.grad(lambda w: jnp.mean(jnp.square(X[rows] @ w - y[rows])))(w)
        return w - lr * g, None

    rows = jnp.arange(steps * batch).reshape(steps, batch)
    return lax.scan(step, w, rows)[0]


def run_epochs(w, X, y, lrs, batch):
    for lr in lrs:
        w = jax.jit(partial(epoch, batch=batch))(w, X, y, lr)
    return w
