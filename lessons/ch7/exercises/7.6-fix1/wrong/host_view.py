# expect: failed donate "视图" not "副本"
# expect.en: "on the host" not "another array"
# 错误示范:调用前用 np.asarray 在主机上留一份 w 来算损失。CPU 上这是视图,JAX 默默放弃了捐赠。
LR = 0.1


def mse(w, X, y):
    resid = X @ w - y
    return jnp.mean(resid * resid)


sgd_step = jax.jit(lambda w, X, y: w - LR * jax.grad(mse)(w, X, y), donate_argnums=0)


def train(w, batches):
    losses = []
    for X, y in batches:
        w_host = np.asarray(w)
        w = sgd_step(w, X, y)
        resid = np.asarray(X) @ w_host - np.asarray(y)
        losses.append(float(np.mean(resid * resid)))
    return w, losses
