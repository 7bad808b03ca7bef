# expect: failed values "梯度被除以了 batch 大小" not "各样本梯度的平均"
# expect.en: "divided by the batch size" not "the mean of the per-example gradients"
# 错误示范:in_axes 修好了,却把每一行梯度都乘上 1/B,以为逐样本梯度也该"按 batch 平均"。
def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    rows = jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0))(params, X, Y)
    scale = 1.0 / Y.shape[0]
    return {"w": rows["w"] * scale, "b": rows["b"] * scale}
