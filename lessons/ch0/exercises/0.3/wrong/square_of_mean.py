# expect: failed loss "先对残差求均值再平方" not "平方误差之和" "has_aux"
# expect.en: "mean of the residuals was squared" not "sum of the" "has_aux"
# 错误示范:括号放错了位置:对残差的均值求平方。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean(pred - y) ** 2, pred


def sgd_step(params, x, y, lr):
    (loss, pred), grad_tree = jax.value_and_grad(loss_and_pred, has_aux=True)(params, x, y)
    return jax.tree.map(lambda w, dw: w - lr * dw, params, grad_tree), loss, pred
