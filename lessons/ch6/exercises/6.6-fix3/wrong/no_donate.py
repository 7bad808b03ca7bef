# expect: failed donate "没有捐赠"
# expect.en: "does not donate"
# 错误示范(压下症状的错误办法):把 donate_argnums 去掉。不报错了,可省内存的效果也没了。
LR = 0.05


def mse(params, x, y):
    err = x @ params["w"] + params["b"] - y
    return jnp.mean(err * err)


@jax.jit
def sgd_step(params, x, y):
    grads = jax.grad(mse)(params, x, y)
    return jax.tree.map(lambda p, g: p - LR * g, params, grads)


def fine_tune(params, x, y, steps):
    tuned = params
    for _ in range(steps):
        tuned = sgd_step(tuned, x, y)
    moved = jax.tree.map(lambda new, old: jnp.sum((new - old) ** 2), tuned, params)
    drift = jnp.sqrt(sum(jax.tree.leaves(moved)))
    return tuned, drift
