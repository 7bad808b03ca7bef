# expect: failed values "标签那一项的符号反了" not "参考值不一致"
# expect.en: "label term of the loss has the wrong sign" not "do not match"
# 错误示范:in_axes 修好了,可损失里的交叉项写成了加号,σ 上再加 y 而不是减 y。
def logistic_loss(params, x, y):
    z = x @ params["w"] + params["b"]
    return jnp.logaddexp(0.0, z) + z * y


def per_example_grads(params, X, Y):
    per_one = jax.grad(logistic_loss)
    return jax.vmap(per_one, in_axes=(None, 0, 0))(params, X, Y)
