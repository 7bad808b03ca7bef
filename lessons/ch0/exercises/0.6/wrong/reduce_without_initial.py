# expect: failed norm "初始值" not "结构"
# expect.en: "initializer" not "Wrong structure"
# 错误示范:用 jax.tree.reduce 累加平方和却没给初始值,第一个叶子原样进了累加。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def global_norm(t):
    return jnp.sqrt(jax.tree.reduce(lambda acc, x: acc + jnp.sum(jnp.square(x)), t))
