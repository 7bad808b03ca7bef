# expect: failed step "标量" "向量"
# expect.en: "scalar" "vector"
# 错误示范:损失返回了每个样本的平方误差(一个向量),忘了取平均。grad 只对标量输出定义。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return (pred - y) ** 2, pred


def sgd_step(params, x, y, lr):
    (loss, pred), grad_tree = jax.value_and_grad(loss_and_pred, has_aux=True)(params, x, y)
    return jax.tree.map(lambda w, dw: w - lr * dw, params, grad_tree), loss, pred
