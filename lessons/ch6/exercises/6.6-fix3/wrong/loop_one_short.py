# expect: failed values "做了 4 步 SGD" not "欧氏距离"
# expect.en: "takes 4 SGD steps instead of" not "Euclidean distance"
# 步数数错:while 循环从 1 数到 steps,少走了一步。

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
    done = 1
    while done < steps:
        current = sgd_step(current, x, y)
        done += 1
    sq = (current["w"] - params["w"]) ** 2
    drift = jnp.sqrt(jnp.sum(sq) + (current["b"] - params["b"]) ** 2)
    return current, drift
