# expect: failed donate "副本" not "视图"
# expect.en: "a copy" not "on the host"
# 错误示范:为了之后还能读旧 w 算损失,每步把 w 复制一份交给 sgd_step。捐赠掉的只是复制品。
LR = 0.1


def mse(w, X, y):
    resid = X @ w - y
    return jnp.mean(resid * resid)


sgd_step = jax.jit(lambda w, X, y: w - LR * jax.grad(mse)(w, X, y), donate_argnums=0)


def train(w, batches):
    losses = []
    for X, y in batches:
        updated = sgd_step(jnp.copy(w), X, y)
        losses.append(float(mse(w, X, y)))
        w = updated
    return w, losses
