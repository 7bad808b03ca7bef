# expect: failed step "加上了梯度" not "标量" "has_aux"
# expect.en: "added the gradient" not "scalar" "has_aux"
# 错误示范:符号写反了,沿梯度方向走,损失只会变大。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    (loss, pred), grad_tree = jax.value_and_grad(loss_and_pred, has_aux=True)(params, x, y)
    return jax.tree.map(lambda p, g: p + lr * g, params, grad_tree), loss, pred
