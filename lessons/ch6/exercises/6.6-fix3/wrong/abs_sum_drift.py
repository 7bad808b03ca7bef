# expect: failed values "L1 距离"
# expect.en: "L1 distance"
# 错误示范:drift 用变化量的绝对值之和来量,没有平方再开方。

LR = 0.05


def mse(params, x, y):
    err = x @ params["w"] + params["b"] - y
    return jnp.mean(err * err)


@partial(jax.jit, donate_argnums=0)
def sgd_step(params, x, y):
    grads = jax.grad(mse)(params, x, y)
    return jax.tree.map(lambda p, g: p - LR * g, params, grads)


def fine_tune(params, x, y, steps):
    tuned = jax.tree.map(lambda leaf: leaf.copy(), params)
    for _ in range(steps):
        tuned = sgd_step(tuned, x, y)
    moved = jax.tree.map(lambda new, old: jnp.sum(jnp.abs(new - old)), tuned, params)
    drift = sum(jax.tree.leaves(moved))
    return tuned, drift
