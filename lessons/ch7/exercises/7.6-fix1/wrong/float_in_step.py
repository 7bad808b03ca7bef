# expect: error values "jit 函数返回之后再转" not "static"
# expect.en: "after the jitted function returns" not "static"
# 错误示范:想让 losses 里是普通的 Python 数,就在 jit 的单步函数里对 loss 调了 float()。
LR = 0.1


def _loss(w, X, y):
    r = X @ w - y
    return jnp.mean(r * r)


def _step(w, X, y):
    loss, g = jax.value_and_grad(_loss)(w, X, y)
    return w - LR * g, float(loss)


sgd_step = jax.jit(_step, donate_argnums=0)


def train(w, batches):
    losses = []
    for X, y in batches:
        w, loss = sgd_step(w, X, y)
        losses.append(loss)
    return w, losses
