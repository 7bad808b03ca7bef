# expect: failed input_unchanged "params"
# expect.en: "params"
# 错误示范:PyTorch / NumPy 的习惯,直接改传进来的字典再交回去。返回的数值是对的,
# 可调用者手里的 params 也被换掉了:函数不再是纯的。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    (loss, pred), grad_tree = jax.value_and_grad(loss_and_pred, has_aux=True)(params, x, y)
    for name in params:
        params[name] = params[name] - lr * grad_tree[name]
    return params, loss, pred
