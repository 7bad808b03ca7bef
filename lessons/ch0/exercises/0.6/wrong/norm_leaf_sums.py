# expect: failed norm "先把每个叶子求和再平方" not "最后还要开方"
# expect.en: "each leaf is summed first and then squared" not "root is missing"
# 错误示范:先把每个叶子加成一个数,再对这些和求范数;叶子里的正负元素相互抵消。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def global_norm(tree):
    sums = jnp.stack([jnp.sum(leaf) for leaf in jax.tree.leaves(tree)])
    return jnp.linalg.norm(sums)
