# expect: failed values "对 y 的梯度" not "参考值不一致"
# expect.en: "gradient with respect to y" not "do not match"
# 错误示范:argnums 指向了样本和标签,两个梯度再塞进 w、b 两个键里。
def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    by_data = jax.grad(logistic_loss, argnums=(1, 2))
    dx, dy = jax.vmap(by_data, in_axes=(None, 0, 0))(params, X, Y)
    return {"w": dx, "b": dy}
