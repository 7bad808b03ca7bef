# expect: failed loss "平均绝对误差" not "平方误差之和" "has_aux"
# expect.en: "mean absolute error" not "sum of the" "has_aux"
# 错误示范:损失写成了绝对误差的均值。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean(jnp.abs(pred - y)), pred


def sgd_step(params, x, y, lr):
    (loss, pred), grad_tree = jax.value_and_grad(loss_and_pred, has_aux=True)(params, x, y)
    return jax.tree.map(lambda w, dw: w - lr * dw, params, grad_tree), loss, pred
