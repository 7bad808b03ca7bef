# expect: failed compiles "原样再运行一遍也又编译了" not "学习率的值仍是缓存键的一部分"
# expect.en: "the same second run once more compiled again" not "are still part of the cache key"
# 错误示范:lr 已经是普通参数,可 jit 对象建在 run_epochs 里面:每次调用 run_epochs 都是一个新的 jit 函数,
# 缓存从空开始,换一组学习率(甚至同一组)都要重新编译。
def epoch(w, X, y, lr, batch):
    n_steps = X.shape[0] // batch
    order = jnp.arange(n_steps * batch).reshape(n_steps, batch)

    def one(w_now, picked):
        xb, yb = X[picked], y[picked]
        grad_w = jax.grad(lambda v: jnp.mean((xb @ v - yb) ** 2))(w_now)
        return w_now - lr * grad_w, None

    return lax.scan(one, w, order)[0]


def run_epochs(w, X, y, lrs, batch):
    compiled_epoch = jax.jit(lambda weights, rate: epoch(weights, X, y, rate, batch))
    for rate in lrs:
        w = compiled_epoch(w, rate)
    return w
