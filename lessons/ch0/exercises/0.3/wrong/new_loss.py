# expect: failed step "新参数上" not "加上了梯度"
# expect.en: "new parameters" not "added the gradient"
# 错误示范:更新之后又算了一遍,交回的是新参数上的损失和预测值。题目要的是这一步更新前的值。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    grad_tree, _ = jax.grad(loss_and_pred, has_aux=True)(params, x, y)
    new_params = jax.tree.map(lambda w, dw: w - lr * dw, params, grad_tree)
    loss, pred = loss_and_pred(new_params, x, y)
    return new_params, loss, pred
