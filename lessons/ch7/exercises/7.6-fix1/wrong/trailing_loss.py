# expect: failed values "多出了最后一项" not "形状"
# expect.en: "one more follows" not "shape"
# 错误示范:循环结束后又用最后一批算了一次损失,加进了列表。

LR = 0.1


def mse(w, X, y):
    resid = X @ w - y
    return jnp.mean(resid * resid)


def _step(w, X, y):
    loss, g = jax.value_and_grad(mse)(w, X, y)
    return w - LR * g, loss


sgd_step = jax.jit(_step, donate_argnums=0)


def train(w, batches):
    losses = []
    for X, y in batches:
        w, loss = sgd_step(w, X, y)
        losses.append(float(loss))
    losses.append(float(mse(w, *batches[-1])))
    return w, losses
