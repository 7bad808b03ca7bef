# expect: failed values "微调后的 w 和 float64 的 SGD 不一致" not "drift 和新旧参数之间的欧氏距离"
# expect.en: "The fine-tuned w differs from float64 SGD" not "drift differs from the Euclidean distance"
# 错误示范:donation 修对了,drift 也照公式算,可 sgd_step 里学习率写成了 0.5。drift 正是
# 它自己那组新参数离旧参数的欧氏距离,错的是参数:提示先说参数不对,不说 drift 公式错。
LR = 0.05
def mse(params, x, y):
    err = x @ params["w"] + params["b"] - y
    return jnp.mean(err * err)
@partial(jax.jit, donate_argnums=0)
def sgd_step(params, x, y):
    grads = jax.grad(mse)(params, x, y)
    return jax.tree.map(lambda p, g: p - 0.5 * g, params, grads)
def fine_tune(params, x, y, steps):
    tuned = jax.tree.map(jnp.array, params)
    for _ in range(steps):
        tuned = sgd_step(tuned, x, y)
    sq = sum(jnp.sum((tuned[k] - params[k]) ** 2) for k in params)
    return tuned, jnp.sqrt(sq)
