# expect: failed values "没有做标准化"
# expect.en: "nothing was standardized"
# 错误示范:发现 vmap 里的均值和标准差不对,干脆把标准化整行删掉,梯度直接对原始输入求。
def logistic_loss(params, x, y):
    score = x @ params["w"] + params["b"]
    return jax.nn.softplus(score) - y * score


def per_example_grads(theta, X, Y):
    each = jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, 0))
    return each(theta, X, Y)
