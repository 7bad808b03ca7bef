# expect: failed one_pass "2 次"
# expect.en: "2 times"
# 错误示范:先调用一次 loss_and_pred 拿损失和预测值,再用 grad 单独求梯度。
# 结果都对,但前向传播算了两遍——value_and_grad 加 has_aux 一次就能全部拿到。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    loss, pred = loss_and_pred(params, x, y)
    grad_tree = jax.grad(lambda p: loss_and_pred(p, x, y)[0])(params)
    return jax.tree.map(lambda w, dw: w - lr * dw, params, grad_tree), loss, pred
