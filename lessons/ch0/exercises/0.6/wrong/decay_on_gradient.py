# expect: failed update "衰减项乘的是梯度" not "少了"
# expect.en: "decay times the gradient" not "is missing"
# 错误示范:衰减项写成了 decay·g,衰减的是梯度而不是参数。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda p, g: p - lr * (g + decay * g), params, grads)


def global_norm(t):
    return jnp.sqrt(sum(jnp.sum(jnp.square(x)) for x in jax.tree.leaves(t)))
