# expect: failed loss "一半" not "平方误差之和" "has_aux"
# expect.en: "half the mean squared error" not "sum of the" "has_aux"
# 错误示范:照机器学习里常见的写法给均方误差乘了 1/2,题目没有这个因子。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return 0.5 * jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    (loss, pred), grad_tree = jax.value_and_grad(loss_and_pred, has_aux=True)(params, x, y)
    return jax.tree.map(lambda w, dw: w - lr * dw, params, grad_tree), loss, pred
