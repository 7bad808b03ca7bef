# expect: failed values "符号反了" not "不一致"
# expect.en: "sign is flipped" not "does not match"
# 错误示范:更新写成了 w + LR * g,沿梯度往上走。

LR = 0.1


def mse(w, X, y):
    resid = X @ w - y
    return jnp.mean(resid * resid)


def _step(w, X, y):
    loss, g = jax.value_and_grad(mse)(w, X, y)
    return w + LR * g, loss


sgd_step = jax.jit(_step, donate_argnums=0)


def train(w, batches):
    losses = []
    for X, y in batches:
        w, loss = sgd_step(w, X, y)
        losses.append(float(loss))
    return w, losses
