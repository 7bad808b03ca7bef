# expect: failed values "平方差取了平均"
# expect.en: "averaged instead of summed"
# 错误示范:每个叶子的平方差用 jnp.mean 求平均,再相加开方,得到的是均方根一类的量,不是欧氏距离。

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
    moved = jax.tree.map(lambda new, old: jnp.mean((new - old) ** 2), tuned, params)
    drift = jnp.sqrt(sum(jax.tree.leaves(moved)))
    return tuned, drift
