# expect: failed jit "Python 的 if" not "float()"
# expect.en: "Python's if" not "float()"
# 错误示范:损失太大时想把步长减半,用 Python 的 if 判断 loss > 10。不加 jit 能跑;
# 在 jit 里 loss 是追踪值,if 判断不了。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    both = jax.value_and_grad(loss_and_pred, has_aux=True)
    (loss, pred), slopes = both(params, x, y)
    if loss > 1e6:
        lr = lr / 2
    new = jax.tree.map(lambda p, s: p - lr * s, params, slopes)
    return new, loss, pred
