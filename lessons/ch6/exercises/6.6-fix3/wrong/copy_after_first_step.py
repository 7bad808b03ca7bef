# expect: failed keep "被删掉"
# expect.en: "have been deleted"
# 错误示范:记下第一步之后的参数当作起点,不再读调用者的 params。不报错了,可调用者的 params 已经被捐掉,drift 也少算了第一步。
LR = 0.05


def mse(params, x, y):
    err = x @ params["w"] + params["b"] - y
    return jnp.mean(err * err)


@partial(jax.jit, donate_argnums=0)
def sgd_step(params, x, y):
    grads = jax.grad(mse)(params, x, y)
    return jax.tree.map(lambda p, g: p - LR * g, params, grads)


def fine_tune(params, x, y, steps):
    tuned = sgd_step(params, x, y)
    start = jax.tree.map(lambda leaf: leaf.copy(), tuned)
    for _ in range(steps - 1):
        tuned = sgd_step(tuned, x, y)
    moved = jax.tree.map(lambda new, old: jnp.sum((new - old) ** 2), tuned, start)
    drift = jnp.sqrt(sum(jax.tree.leaves(moved)))
    return tuned, drift
