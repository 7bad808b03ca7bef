# expect: failed values "追踪时从全局变量或闭包里读出来的" not "不一致"
# expect.en: "read from a global or a closure while tracing" not "does not match"
# 错误示范:lr 从参数里拿掉了,改成在循环里改写一个全局变量,epoch 里去读它。只编译一次,可追踪时读到的第一个学习率被编进了程序,后面的改动都不算数。
LR = 0.0


def epoch(w, X, y, batch):
    steps = X.shape[0] // batch

    def step(w, rows):
        g = jax.grad(lambda w: jnp.mean(jnp.square(X[rows] @ w - y[rows])))(w)
        return w - LR * g, None

    rows = jnp.arange(steps * batch).reshape(steps, batch)
    return lax.scan(step, w, rows)[0]


epoch_jit = jax.jit(epoch, static_argnames="batch")


def run_epochs(w, X, y, lrs, batch):
    global LR
    for lr in lrs:
        LR = lr
        w = epoch_jit(w, X, y, batch=batch)
    return w
