# expect: failed step "步长" not "加上了梯度" "乘了两次"
# expect.en: "this is the step, not the new parameters" not "added the gradient" "applied twice"
# 错误示范:只算出了每个叶子要走的那一步 lr·g,当成新参数返回,忘了从旧参数里减掉。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    both = jax.value_and_grad(loss_and_pred, has_aux=True)
    (mse, yhat), dparams = both(params, x, y)
    return jax.tree.map(lambda d: lr * d, dparams), mse, yhat
