# expect: failed values "所有标签" not "batch 平均"
# expect.en: "summed over all the labels" not "batch mean"
# 错误示范(压下症状的错误办法):标签没有切开,报错说输出不是标量,就照着把损失加起来。报错没了,梯度却错了。
def logistic_loss(params, x, y):
    z = x @ params["w"] + params["b"]
    return jnp.sum(jnp.logaddexp(0.0, z) - y * z)


def per_example_grads(params, X, Y):
    return jax.vmap(jax.grad(logistic_loss), in_axes=(None, 0, None))(params, X, Y)
