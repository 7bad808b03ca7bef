# expect: failed norm "最大" not "最后还要开方"
# expect.en: "largest of the per-leaf norms" not "root is missing"
# 错误示范:把各叶子范数的最大值当成了整体范数。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def global_norm(t):
    return jnp.max(jnp.stack([jnp.linalg.norm(x) for x in jax.tree.leaves(t)]))
