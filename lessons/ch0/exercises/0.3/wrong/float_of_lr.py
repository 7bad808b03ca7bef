# expect: failed jit "参数(params、x、y 和 lr)" not "损失要到运行时才有值"
# expect.en: "the arguments (params, x, y and lr)" not "the loss only has a value"
# 错误示范:想让学习率是个 Python 数,写了 lr = float(lr)。jit 里 lr 是追踪值,float() 失败;
# 转换的不是损失,提示不能说"损失要到运行时才有值",只说 jit 里参数和由它们算出的值都是追踪值。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    lr = float(lr)
    value_and_grads = jax.value_and_grad(loss_and_pred, has_aux=True)
    (loss, pred), g = value_and_grads(params, x, y)
    stepped = jax.tree.map(lambda leaf, d: leaf - lr * d, params, g)
    return stepped, loss, pred
