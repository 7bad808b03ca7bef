# expect: failed update "参数顺序" not "符号"
# expect.en: "in the other order" not "wrong sign"
# 错误示范:lambda 的参数写成 (g, p),树却按 (params, grads) 传进去,p 和 g 互换。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda g, p: p - lr * (g + decay * p), params, grads)


def global_norm(t):
    return jnp.sqrt(sum(jnp.sum(jnp.square(x)) for x in jax.tree.leaves(t)))
