# expect: passed
# 正确写法的变体:sgd_step 在模块层用 @jax.jit 包好。one_pass 数 loss_and_pred 被调用几次时,
# 若用的形状别的检查已用过,jit 直接跑缓存的程序、不再调用 Python,曾被误判为"从不调用 loss_and_pred"。
def loss_and_pred(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


@jax.jit
def sgd_step(params, x, y, lr):
    value_and_grads = jax.value_and_grad(loss_and_pred, has_aux=True)
    (loss, pred), g = value_and_grads(params, x, y)
    stepped = jax.tree.map(lambda leaf, d: leaf - lr * d, params, g)
    return stepped, loss, pred
