# expect: failed step "位置对调" not "学习率" "加上了梯度"
# expect.en: "in each other's places" not "learning rate" "added the gradient"
# 错误示范:has_aux 解包没问题,可返回时把预测值放在了第二位、损失放在了第三位。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    both = jax.value_and_grad(loss_and_pred, has_aux=True)
    (mse, yhat), dparams = both(params, x, y)
    stepped = jax.tree.map(lambda leaf, d: leaf - lr * d, params, dparams)
    return stepped, yhat, mse
