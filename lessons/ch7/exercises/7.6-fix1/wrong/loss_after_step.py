# expect: failed values "更新后"
# expect.en: "after each update"
# 错误示范:改成用新的 w 算损失。不报错了,可记下的是更新之后的损失。
LR = 0.1


def mse(w, X, y):
    resid = X @ w - y
    return jnp.mean(resid * resid)


sgd_step = jax.jit(lambda w, X, y: w - LR * jax.grad(mse)(w, X, y), donate_argnums=0)


def train(w, batches):
    losses = []
    for X, y in batches:
        w = sgd_step(w, X, y)
        losses.append(float(mse(w, X, y)))
    return w, losses
