# expect: failed jit "float()"
# expect.en: "float()"
# 错误示范:先把每个叶子的平方和变成 Python 数再相加。不加 jit 时结果正确;
# 在 jax.jit 里叶子是追踪值,float(…) 要具体的数,于是失败。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def global_norm(tree):
    total = sum(float(jnp.sum(leaf**2)) for leaf in jax.tree.leaves(tree))
    return jnp.sqrt(total)
