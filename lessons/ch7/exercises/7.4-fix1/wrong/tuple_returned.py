# expect: failed values "返回值应是和 params 同结构的字典" not "检查在使用你的代码给出的值时出错"
# expect.en: "The return value should be a dict with the structure of params" not "the check failed while using a value your code produced"
# 错误示范:in_axes 修对了,却把字典拆成 (w, b) 元组返回。检查原先对这个长短不一的元组取 np.shape 时自己出错,只显示 ValueError;现在直接说返回值应是和 params 同结构的字典。
def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    g = jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0))(params, X, Y)
    return g["w"], g["b"]
