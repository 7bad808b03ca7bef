# expect: failed values "对不上" not "没有这个轴"
# expect.en: "does not fit (params, X, Y)" not "lacks that axis"
# 错误示范:in_axes 只写了两项 (None, 0),可 vmap 要传三个参数 (params, X, Y)。vmap 报的是 in_axes 的项数和参数个数不一致,
# 不是某个参数缺少要切的轴,也不是批大小不同,所以消息只说 in_axes 和参数对不上,具体原因看 vmap 的报错。
def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(theta, X, Y):
    one_grad = jax.grad(logistic_loss)
    return jax.vmap(one_grad, in_axes=(None, 0))(theta, X, Y)
