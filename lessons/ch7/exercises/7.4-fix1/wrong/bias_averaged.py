# expect: failed values "'b' 的每一项却都等于" not "参考值不一致"
# expect.en: "every entry of 'b' equals the mean" not "do not match"
# 错误示范:w 的逐样本梯度没动,偏置的梯度却先求了平均,再铺成 B 份。
def logistic_loss(params, x, y):
    z = x @ params["w"] + params["b"]
    return jax.nn.softplus(z) - z * y


def per_example_grads(params, X, Y):
    grads = jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0))(params, X, Y)
    shared_b = jnp.broadcast_to(jnp.mean(grads["b"]), Y.shape)
    return {"w": grads["w"], "b": shared_b}
