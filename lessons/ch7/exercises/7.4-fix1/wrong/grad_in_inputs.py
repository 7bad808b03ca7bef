# expect: failed values "对 x 的梯度" not "返回值应是"
# expect.en: "gradient with respect to x" not "should be a dict"
# 错误示范:in_axes 写对了,可 jax.grad 指定了对样本 x 求导,得到的是输入的梯度。
def _loss_one(p, features, label):
    z = features @ p["w"] + p["b"]
    return jax.nn.softplus(z) - label * z


def per_example_grads(params, X, Y):
    g_inputs = jax.grad(_loss_one, argnums=1)
    return jax.vmap(g_inputs, in_axes=(None, 0, 0))(params, X, Y)
