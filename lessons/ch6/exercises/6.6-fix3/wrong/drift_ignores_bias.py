# expect: failed values "只量了 w 移动的距离,漏掉了 b"
# expect.en: "measures only how far w moved and leaves out b"
# drift 只用权重向量的范数,偏置的移动没算进去。

LR = 0.05


def mse(params, x, y):
    err = x @ params["w"] + params["b"] - y
    return jnp.mean(err * err)


@partial(jax.jit, donate_argnums=0)
def sgd_step(params, x, y):
    grads = jax.grad(mse)(params, x, y)
    return jax.tree.map(lambda p, g: p - LR * g, params, grads)


def fine_tune(params, x, y, steps):
    current = {name: jnp.array(value, copy=True) for name, value in params.items()}
    for _ in range(steps):
        current = sgd_step(current, x, y)
    return current, jnp.linalg.norm(current["w"] - params["w"])
