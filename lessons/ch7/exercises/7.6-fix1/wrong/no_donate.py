# expect: failed donate "没有被捐赠" not "视图"
# expect.en: "was not donated" "This repair should keep the donation" not "on the host" "This repair keeps the donation"
# 错误示范(压下症状的错误办法):把 donate_argnums 去掉。不报错了,可省内存的效果也没了。
LR = 0.1


def mse(w, X, y):
    resid = X @ w - y
    return jnp.mean(resid * resid)


sgd_step = jax.jit(lambda w, X, y: w - LR * jax.grad(mse)(w, X, y))


def train(w, batches):
    losses = []
    for X, y in batches:
        w_new = sgd_step(w, X, y)
        losses.append(float(mse(w, X, y)))
        w = w_new
    return w, losses
