# expect: failed step "位置对调了" "按你传入各棵树的顺序" not "加上了梯度" "乘了两次"
# expect.en: "swapped places" "in the order of the trees you pass" not "added the gradient" "applied twice"
# 错误示范:lambda 的形参按 (参数, 梯度) 命名,可 tree.map 先传的是梯度树,于是算成了 g − lr·p。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    both = jax.value_and_grad(loss_and_pred, has_aux=True)
    (mse, yhat), dparams = both(params, x, y)
    return jax.tree.map(lambda leaf, d: leaf - lr * d, dparams, params), mse, yhat
