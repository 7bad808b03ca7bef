# expect: failed values "步数向上取整" not "不一致"
# expect.en: "step count rounded up" not "does not match"
# 错误示范:不想丢掉最后几行,就用 math.ceil 多算了一步;越界的下标被 JAX 截到最后一行,多出的这一步用的是重复的数据。
import math


def epoch(w, X, y, lr, batch):
    n_steps = math.ceil(X.shape[0] / batch)
    starts = jnp.arange(n_steps) * batch

    def one_step(w, start):
        idx = start + jnp.arange(batch)
        xb, yb = X[idx], y[idx]
        grad = jax.grad(lambda v: jnp.mean((xb @ v - yb) ** 2))(w)
        return w - lr * grad, None

    w, _ = lax.scan(one_step, w, starts)
    return w


epoch_jit = jax.jit(epoch, static_argnames="batch")


def run_epochs(w, X, y, lrs, batch):
    for lr in lrs:
        w = epoch_jit(w, X, y, lr, batch=batch)
    return w
