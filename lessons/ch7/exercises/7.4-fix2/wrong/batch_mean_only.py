# expect: failed values "除的仍是它自己的标准差"
# expect.en: "still divided by its own standard deviation"
# 错误示范:只修了一半:整批的均值传了进去,标准差却还在单样本损失里用 x.std() 算。
def logistic_loss(params, x, y, centre):
    spread = x.std(axis=0) + 1e-6
    z = (x - centre) / spread
    logit = jnp.dot(params["w"], z) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(theta, X, Y):
    centre = X.mean(axis=0)
    per_one = jax.grad(logistic_loss)
    return jax.vmap(per_one, in_axes=(None, 0, 0, None))(theta, X, Y, centre)
