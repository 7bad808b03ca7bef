# expect: failed jit "float()"
# expect.en: "float()"
# 错误示范:为了方便打印,把损失转成 Python 数再返回。不加 jit 时一切正常;
# 在 jax.jit 里损失是追踪值,float(…) 要一个具体的数,于是失败。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    (loss, pred), grad_tree = jax.value_and_grad(loss_and_pred, has_aux=True)(params, x, y)
    return jax.tree.map(lambda w, dw: w - lr * dw, params, grad_tree), float(loss), pred
