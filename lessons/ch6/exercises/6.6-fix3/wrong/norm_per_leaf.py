# expect: failed values "开方是按叶子分别做的"
# expect.en: "the root was taken per leaf"
# 错误示范:先给每个叶子算各自的 L2 距离(jnp.linalg.norm),再把这些距离相加。
LR = 0.05


def mse(params, x, y):
    err = x @ params["w"] + params["b"] - y
    return jnp.mean(err * err)


@partial(jax.jit, donate_argnums=0)
def sgd_step(params, x, y):
    grads = jax.grad(mse)(params, x, y)
    return jax.tree.map(lambda p, g: p - LR * g, params, grads)


def fine_tune(params, x, y, steps):
    current = {k: jnp.array(v, copy=True) for k, v in params.items()}
    for _ in range(steps):
        current = sgd_step(current, x, y)
    gaps = [jnp.linalg.norm(current[k] - params[k]) for k in params]
    return current, gaps[0] + gaps[1]
