# expect: failed step "追踪值只出现在变换里面" not "在 jit 里参数"
# expect.en: "tracers exist only inside a transformation" not "under jit the arguments"
# expect.silent: jit
# 错误示范:loss_and_pred 用 float() 把损失转成 Python 数。单独调用时能运行;可 value_and_grad
# 求导时 params 是追踪值,损失也是,float() 要具体的数,于是不加 jit 的这一步就失败了。
# 这里没有 jit,消息不能说“在 jit 里参数都是追踪值”。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    loss = float(jnp.mean((pred - y) ** 2))
    return loss, pred


def sgd_step(params, x, y, lr):
    both = jax.value_and_grad(loss_and_pred, has_aux=True)
    (loss, pred), g = both(params, x, y)
    stepped = {name: params[name] - lr * g[name] for name in params}
    return stepped, loss, pred
