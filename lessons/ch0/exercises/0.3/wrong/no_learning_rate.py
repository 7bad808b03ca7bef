# expect: failed step "少乘了学习率" not "平方误差之和" "has_aux"
# expect.en: "missing the learning rate" not "sum of the" "has_aux"
# 错误示范:更新时忘了乘学习率,整步走了一个梯度。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    (loss, pred), grad_tree = jax.value_and_grad(loss_and_pred, has_aux=True)(params, x, y)
    return jax.tree.map(lambda w, dw: w - dw, params, grad_tree), loss, pred
