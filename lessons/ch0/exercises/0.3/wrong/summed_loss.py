# expect: failed loss "平方误差之和" not "每个样本"
# expect.en: "sum of the" not "one entry per example"
# 错误示范:把平方误差加起来当损失,忘了除以样本数。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    err = pred - y
    return err @ err, pred


def sgd_step(params, x, y, lr):
    value_grad = jax.value_and_grad(loss_and_pred, has_aux=True)
    (loss, pred), g = value_grad(params, x, y)
    stepped = jax.tree.map(lambda leaf, d: leaf - lr * d, params, g)
    return stepped, loss, pred
