# expect: failed step "被求导的函数返回了不止一个值" "它必须是标量损失" not "返回 (损失, 预测值)" "第一个值(损失)被求导"
# expect.en: "returns more than one value" "it must be the scalar loss" not "returns (loss, predictions)" "the first value, the loss, is differentiated"
# 错误示范:loss_and_pred 返回 (预测值, 损失),sgd_step 又忘了 has_aux=True。value_and_grad 报告
# 输出是元组;这个函数返回的并不是 (损失, 预测值),所以消息只说它返回了不止一个值。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return pred, jnp.mean((pred - y) ** 2)


def sgd_step(params, x, y, lr):
    both = jax.value_and_grad(loss_and_pred)
    (pred, loss), g = both(params, x, y)
    stepped = {name: params[name] - lr * g[name] for name in params}
    return stepped, loss, pred
