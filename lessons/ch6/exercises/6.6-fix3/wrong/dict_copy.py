# expect: failed keep "复制的是字典,不是里面的数组"
# expect.en: "it copies the dict, not the arrays in it"
# 错误示范:以为 dict(params) 就是一份副本,可新字典里装的还是调用者的那几个数组,捐赠后一起被删了。
LR = 0.05


def mse(params, x, y):
    err = x @ params["w"] + params["b"] - y
    return jnp.mean(err * err)


@partial(jax.jit, donate_argnums=0)
def sgd_step(params, x, y):
    grads = jax.grad(mse)(params, x, y)
    return jax.tree.map(lambda p, g: p - LR * g, params, grads)


def fine_tune(params, x, y, steps):
    start = {k: jnp.array(v, copy=True) for k, v in params.items()}
    current = dict(params)
    for _ in range(steps):
        current = sgd_step(current, x, y)
    total = sum(jnp.sum((current[k] - start[k]) ** 2) for k in current)
    return current, jnp.sqrt(total)
