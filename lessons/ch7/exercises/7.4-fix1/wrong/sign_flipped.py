# expect: failed values "符号都反了" not "参考值不一致"
# expect.en: "opposite sign" not "do not match"
# 错误示范:不用 grad,手写梯度公式,残差写成了 1 − y 减去 σ(−z),整体差一个负号。
def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    z = X @ params["w"] + params["b"]
    resid = jax.nn.sigmoid(-z) - (1.0 - Y)
    return {"w": resid[:, None] * X, "b": resid}
