# expect: error loss "打印两边的 .shape"
# expect.en: "print both .shape values"
# 错误示范:预测写成 x.T @ w,矩阵乘法的两边在求和的那一维上长度不一致(6 和 3)。
# 以前只原样显示 JAX 的 dot_general 报错,现在附上一句说明哪两维必须一致。
def loss_and_pred(params, x, y):
    pred = x.T @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2), pred


def sgd_step(params, x, y, lr):
    step = jax.value_and_grad(loss_and_pred, has_aux=True)
    (value, predicted), slope = step(params, x, y)
    updated = {name: params[name] - lr * slope[name] for name in params}
    return updated, value, predicted
