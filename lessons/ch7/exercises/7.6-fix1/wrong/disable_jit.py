# expect: failed donate "关掉 jit" not "在主机上留下的"
# expect.en: "with jit disabled" not "a view of w left on the host"
# isolated: 在 jax.disable_jit() 里运行,改的是整个进程的 JAX 配置
# 错误示范(压下症状的错误办法):train 在 jax.disable_jit() 里调用 sgd_step,于是不再读到已捐赠的数组,可捐赠也一起没了。
# train 交给 sgd_step 的确实是调用者的 w,但原因不是主机视图,而是 jit 被关掉(检查时记录了调用那一刻的开关)。
LR = 0.1


def mse(w, X, y):
    resid = X @ w - y
    return jnp.mean(resid * resid)


sgd_step = jax.jit(lambda w, X, y: w - LR * jax.grad(mse)(w, X, y), donate_argnums=0)


def train(w, batches):
    losses = []
    with jax.disable_jit():
        for X, y in batches:
            w_new = sgd_step(w, X, y)
            losses.append(float(mse(w, X, y)))
            w = w_new
    return w, losses
