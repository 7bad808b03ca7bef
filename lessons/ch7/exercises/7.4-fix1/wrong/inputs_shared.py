# expect: failed values "X 没有按样本切开" not "参考值不一致"
# expect.en: "X is not split per example" not "do not match"
# 错误示范:只按标签切,整个 X 当成共享参数传进去,每个标签配上全部输入、损失取平均。
def logistic_loss(params, x, y):
    z = x @ params["w"] + params["b"]
    return (jax.nn.softplus(z) - z * y).mean()


def per_example_grads(params, X, Y):
    return jax.vmap(jax.grad(logistic_loss), in_axes=(None, None, 0))(params, X, Y)
