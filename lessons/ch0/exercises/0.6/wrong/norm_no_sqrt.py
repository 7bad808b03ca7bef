# expect: failed norm "开方" not "每个叶子"
# expect.en: "square root" not "each leaf"
# 错误示范:忘了最后开方,返回的是所有元素的平方和。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def global_norm(tree):
    return sum(jnp.sum(leaf**2) for leaf in jax.tree.leaves(tree))
