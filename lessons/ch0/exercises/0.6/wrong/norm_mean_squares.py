# expect: failed norm "求平均(jnp.mean)而不是求和"
# expect.en: "averaged (jnp.mean) instead of summed"
# 错误示范:每个叶子先求“平均平方”再相加,元素多的叶子反而被压小了。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def global_norm(tree):
    per_leaf = [jnp.square(leaf).mean() for leaf in jax.tree.leaves(tree)]
    return jnp.sqrt(sum(per_leaf))
