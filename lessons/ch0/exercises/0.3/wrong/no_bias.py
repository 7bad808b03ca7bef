# expect: failed loss "少了 b" not "平方误差之和" "has_aux"
# expect.en: "b is missing" not "sum of the" "has_aux"
# 错误示范:预测忘了加偏置 b。
def loss_and_pred(params, x, y):
    pred = x @ params["w"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    (loss, pred), grad_tree = jax.value_and_grad(loss_and_pred, has_aux=True)(params, x, y)
    return jax.tree.map(lambda w, dw: w - lr * dw, params, grad_tree), loss, pred
