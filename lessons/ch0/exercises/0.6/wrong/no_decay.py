# expect: failed update "decay" not "jax.tree.map"
# expect.en: "decay" not "jax.tree.map"
# 错误示范:忘了权重衰减,只做了普通的梯度下降。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(leaf**2) for leaf in jax.tree.leaves(tree)))
