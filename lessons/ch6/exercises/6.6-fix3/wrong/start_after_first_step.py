# expect: failed values "后面某一步捐掉的" not "你的那份拷贝"
# expect.en: "donated by a later step" not "your copy of them"
# 错误示范:拷贝了再捐,调用者的 params 完好;可把第一步的结果留作 drift 的起点,它在第二步又交给 sgd_step
# 捐掉了,最后读它就报"已删除"。被读的不是那份拷贝:检查只走 1 步时不出错,说明是后面的步捐掉的数组。
LR = 0.05


def mse(params, x, y):
    err = x @ params["w"] + params["b"] - y
    return jnp.mean(err * err)


@partial(jax.jit, donate_argnums=0)
def sgd_step(params, x, y):
    grads = jax.grad(mse)(params, x, y)
    return jax.tree.map(lambda p, g: p - LR * g, params, grads)


def fine_tune(params, x, y, steps):
    tuned = sgd_step(jax.tree.map(lambda leaf: leaf.copy(), params), x, y)
    start = tuned
    for _ in range(steps - 1):
        tuned = sgd_step(tuned, x, y)
    moved = jax.tree.map(lambda new, old: jnp.sum((new - old) ** 2), tuned, start)
    drift = jnp.sqrt(sum(jax.tree.leaves(moved)))
    return tuned, drift
