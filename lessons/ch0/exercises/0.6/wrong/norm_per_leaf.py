# expect: failed norm "每个叶子" not "开方"
# expect.en: "each leaf" not "square root"
# 错误示范:对每个叶子各求一次范数再相加,得到的是各叶子范数之和,不是整棵树的范数。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def global_norm(tree):
    return sum(jnp.linalg.norm(leaf) for leaf in jax.tree.leaves(tree))
