# expect: failed values "但不是调用者的 params" not "第一步就把调用者的 params"
# expect.en: "but not the caller's params" not "the first step handed"
# 错误示范:拷贝了再捐,可 drift 是拿那份已被捐掉的拷贝算的,调用者的 params 其实完好。

LR = 0.05


def mse(params, x, y):
    err = x @ params["w"] + params["b"] - y
    return jnp.mean(err * err)


@partial(jax.jit, donate_argnums=0)
def sgd_step(params, x, y):
    grads = jax.grad(mse)(params, x, y)
    return jax.tree.map(lambda p, g: p - LR * g, params, grads)


def fine_tune(params, x, y, steps):
    start = jax.tree.map(lambda leaf: leaf.copy(), params)
    tuned = start
    for _ in range(steps):
        tuned = sgd_step(tuned, x, y)
    moved = jax.tree.map(lambda new, old: jnp.sum((new - old) ** 2), tuned, start)
    drift = jnp.sqrt(sum(jax.tree.leaves(moved)))
    return tuned, drift
