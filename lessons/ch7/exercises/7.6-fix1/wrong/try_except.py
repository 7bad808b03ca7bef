# expect: failed values "损失"
# expect.en: "loss"
# 错误示范(压下症状的错误办法):接住 RuntimeError,读不到的损失记成 NaN。
LR = 0.1


def mse(w, X, y):
    resid = X @ w - y
    return jnp.mean(resid * resid)


sgd_step = jax.jit(lambda w, X, y: w - LR * jax.grad(mse)(w, X, y), donate_argnums=0)


def train(w, batches):
    losses = []
    for X, y in batches:
        w_new = sgd_step(w, X, y)
        try:
            losses.append(float(mse(w, X, y)))
        except RuntimeError:
            losses.append(float("nan"))
        w = w_new
    return w, losses
