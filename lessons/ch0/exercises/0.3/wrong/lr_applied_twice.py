# expect: failed step "乘了两次" not "加上了梯度" "顺序反了"
# expect.en: "applied twice" not "added the gradient" "in the other order"
# 错误示范:先把梯度乘上学习率,更新时又乘了一次,步长成了 lr²·g。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    both = jax.value_and_grad(loss_and_pred, has_aux=True)
    (mse, yhat), dparams = both(params, x, y)
    scaled = jax.tree.map(lambda d: lr * d, dparams)
    return jax.tree.map(lambda leaf, s: leaf - lr * s, params, scaled), mse, yhat
