# expect: failed values "Y 没有按样本切开" not "Gradient only defined"
# expect.en: "Y is not split per example" not "Gradient only defined"
# 错误示范:给参数写了 None,可标签的位置也写成了 None,每个样本拿到的是整条标签向量。
def logistic_loss(params, x, y):
    z = x @ params["w"] + params["b"]
    return jnp.logaddexp(0.0, z) - y * z


def per_example_grads(params, X, Y):
    grad_one = jax.grad(logistic_loss)
    return jax.vmap(grad_one, in_axes=(None, 0, None))(params, X, Y)
