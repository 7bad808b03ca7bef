# expect: failed values "调用者 params 里的某个数组被交给了" not "第一步就把调用者的 params"
# expect.en: "an array of the caller's params reached sgd_step" not "handed the caller's params"
# 错误示范:捐赠之前只拷贝了 w,b 还是调用者自己的数组,第一步就被捐掉了。
LR = 0.05


def mse(params, x, y):
    gap = x @ params["w"] + params["b"] - y
    return jnp.mean(gap**2)


@partial(jax.jit, donate_argnums=0)
def sgd_step(params, x, y):
    slope = jax.grad(mse)(params, x, y)
    return jax.tree.map(lambda leaf, d: leaf - LR * d, params, slope)


def fine_tune(params, x, y, steps):
    current = dict(w=params["w"].copy(), b=params["b"])
    for _ in range(steps):
        current = sgd_step(current, x, y)
    sq = [jnp.sum((a - z) ** 2) for a, z in zip(jax.tree.leaves(current), jax.tree.leaves(params))]
    return current, jnp.sqrt(sum(sq))
