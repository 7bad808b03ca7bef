# expect: failed compiles "没有在 jit 里运行"
# expect.en: "did not run under jit"
# isolated: 在 jax.disable_jit() 里运行,改的是整个进程的 JAX 配置
# 错误示范(压下症状的错误办法):在 disable_jit 里跑。不再为每个学习率编译,可整个 epoch 都在 eager 逐个运算。
def epoch(w, X, y, lr, batch):
    steps = X.shape[0] // batch

    def step(w, rows):
        g = jax.grad(lambda w: jnp.mean(jnp.square(X[rows] @ w - y[rows])))(w)
        return w - lr * g, None

    rows = jnp.arange(steps * batch).reshape(steps, batch)
    return lax.scan(step, w, rows)[0]


epoch_jit = jax.jit(epoch, static_argnames=("lr", "batch"))


def run_epochs(w, X, y, lrs, batch):
    with jax.disable_jit():
        for lr in lrs:
            w = epoch_jit(w, X, y, lr=lr, batch=batch)
    return w
