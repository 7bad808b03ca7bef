# expect: failed step "has_aux" not "向量"
# expect.en: "has_aux" not "vector"
# 错误示范:忘了 has_aux=True。函数返回的是 (损失, 预测值) 这个元组,value_and_grad 把整个元组
# 当成输出,发现它不是标量。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    (loss, pred), grad_tree = jax.value_and_grad(loss_and_pred)(params, x, y)
    return jax.tree.map(lambda w, dw: w - lr * dw, params, grad_tree), loss, pred
