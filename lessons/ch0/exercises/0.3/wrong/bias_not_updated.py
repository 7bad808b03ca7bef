# expect: failed step "还是原来的 b" not "平方误差之和" "has_aux"
# expect.en: "still the old b" not "sum of the" "has_aux"
# 错误示范:只更新了 w,b 原样放回新参数里。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    (loss, pred), grad_tree = jax.value_and_grad(loss_and_pred, has_aux=True)(params, x, y)
    return {"w": params["w"] - lr * grad_tree["w"], "b": params["b"]}, loss, pred
