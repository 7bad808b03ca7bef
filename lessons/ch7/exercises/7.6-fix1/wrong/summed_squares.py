# expect: failed values "残差平方和" not "均方误差不一致"
# expect.en: "sum of squared residuals" not "does not match the mean squared error"
# 错误示范:捐赠修好了,损失也在 jit 里面先算,可损失函数用的是 jnp.sum,不是平均。
LR = 0.1


def sq_total(w, X, y):
    return jnp.sum(jnp.square(X @ w - y))


@functools.partial(jax.jit, donate_argnums=0)
def sgd_step(w, X, y):
    value, grad = jax.value_and_grad(sq_total)(w, X, y)
    return w - LR * grad, value


def train(w, batches):
    losses = []
    for X, y in batches:
        w, value = sgd_step(w, X, y)
        losses.append(float(value))
    return w, losses
