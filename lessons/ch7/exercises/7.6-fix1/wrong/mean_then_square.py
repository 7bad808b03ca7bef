# expect: failed values "先对残差" not "不一致"
# expect.en: "averaged first and the mean is squared" not "does not match"
# 错误示范:损失写成了残差平均值的平方,jnp.mean(resid) ** 2,不是平方的平均。

LR = 0.1


def mse(w, X, y):
    resid = X @ w - y
    return jnp.mean(resid) ** 2


def _step(w, X, y):
    loss, g = jax.value_and_grad(mse)(w, X, y)
    return w - LR * g, loss


sgd_step = jax.jit(_step, donate_argnums=0)


def train(w, batches):
    losses = []
    for X, y in batches:
        w, loss = sgd_step(w, X, y)
        losses.append(float(loss))
    return w, losses
