# expect: failed norm "L1 范数" not "还要开方"
# expect.en: "L1 norm" not "square root is missing"
# 错误示范:全局范数写成了所有元素绝对值之和。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda w, d: w - lr * (d + decay * w), params, grads)


def global_norm(tree):
    return sum(jnp.abs(v).sum() for v in jax.tree.leaves(tree))
