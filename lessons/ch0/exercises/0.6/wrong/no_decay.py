# expect: failed update "decay" not "jax.tree.map"
# expect.en: "decay" not "jax.tree.map"
# 错误示范:忘了权重衰减,只做了普通的梯度下降。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda w, dw: w - lr * dw, params, grads)


def global_norm(tree):
    squares = [(leaf * leaf).sum() for leaf in jax.tree.leaves(tree)]
    return jnp.sqrt(sum(squares))
