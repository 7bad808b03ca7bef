# expect: failed step "形状是 (1,)" not "每个样本一个数"
# expect.en: "shape (1,)" not "one entry per example"
# 错误示范:取平均时写了 keepdims=True,损失的形状是 (1,),只有一个数却不是标量,grad 拒绝它。
# 这不是"每个样本一个数的向量"(那是 (n,)),提示只说损失不是标量并给出它的形状。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2, keepdims=True), pred


def sgd_step(params, x, y, lr):
    (loss, pred), grad_tree = jax.value_and_grad(loss_and_pred, has_aux=True)(params, x, y)
    return jax.tree.map(lambda w, dw: w - lr * dw, params, grad_tree), loss, pred
