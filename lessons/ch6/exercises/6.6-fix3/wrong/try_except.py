# expect: failed values "drift"
# expect.en: "drift"
# 错误示范(压下症状的错误办法):接住 RuntimeError,读不到的 drift 记成 NaN。
LR = 0.05


def mse(params, x, y):
    err = x @ params["w"] + params["b"] - y
    return jnp.mean(err * err)


@partial(jax.jit, donate_argnums=0)
def sgd_step(params, x, y):
    grads = jax.grad(mse)(params, x, y)
    return jax.tree.map(lambda p, g: p - LR * g, params, grads)


def fine_tune(params, x, y, steps):
    tuned = params
    for _ in range(steps):
        tuned = sgd_step(tuned, x, y)
    try:
        moved = jax.tree.map(lambda new, old: jnp.sum((new - old) ** 2), tuned, params)
        drift = jnp.sqrt(sum(jax.tree.leaves(moved)))
    except RuntimeError:
        drift = jnp.float32(jnp.nan)
    return tuned, drift
