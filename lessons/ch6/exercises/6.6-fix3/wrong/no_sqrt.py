# expect: failed values "少了最后的平方根" not "第一步"
# expect.en: "square root is missing" not "first step"
# 错误示范:拷贝后再捐,参数都对;drift 却只把各叶子的差的平方加起来,没开方。
LR = 0.05


def mse(params, x, y):
    err = x @ params["w"] + params["b"] - y
    return jnp.mean(err * err)


@partial(jax.jit, donate_argnums=0)
def sgd_step(params, x, y):
    grads = jax.grad(mse)(params, x, y)
    return jax.tree.map(lambda p, g: p - LR * g, params, grads)


def fine_tune(params, x, y, steps):
    tuned = jax.tree.map(jnp.array, params)
    for _ in range(steps):
        tuned = sgd_step(tuned, x, y)
    diffs = [jnp.ravel(n - o) for n, o in zip(jax.tree.leaves(tuned), jax.tree.leaves(params))]
    flat = jnp.concatenate(diffs)
    return tuned, jnp.dot(flat, flat)
