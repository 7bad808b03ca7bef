# expect: failed loss "返回的是 (预测值, 损失)" not "每个样本一个数的向量。损失要是一个标量"
# expect.en: "returns (predictions, loss)" not "The loss must be a scalar"
# 错误示范:loss_and_pred 先返回预测值、后返回损失,顺序反了。损失本身是均值、是标量;
# 提示不能让人去"用 jnp.mean 归约",而要说出这一对值的顺序反了。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return pred, jnp.mean((pred - y) ** 2)


def sgd_step(params, x, y, lr):
    step = jax.value_and_grad(loss_and_pred, has_aux=True)
    (value, predicted), slope = step(params, x, y)
    updated = {name: params[name] - lr * slope[name] for name in params}
    return updated, value, predicted
