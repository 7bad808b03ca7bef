# expect: failed values "整批损失求和后的梯度"
# expect.en: "the loss summed over the batch"
# 错误示范:损失直接写成整批的矩阵运算再求和,对它求 grad,得到的是整批一个梯度,不是逐样本梯度。
def logistic_loss(params, x, y):
    logit = jnp.dot(params["w"], x) + params["b"]
    return jax.nn.softplus(logit) - y * logit


def per_example_grads(params, X, Y):
    def batch_loss(p):
        logits = X @ p["w"] + p["b"]
        return (jax.nn.softplus(logits) - Y * logits).sum()

    return jax.grad(batch_loss)(params)
