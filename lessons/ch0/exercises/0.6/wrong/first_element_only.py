# expect: failed norm "第一个元素" not "最大"
# expect.en: "first element only" not "largest"
# 错误示范:global_norm 对每个叶子只取了展平后的第一个元素,其余元素没有参与平方和。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def global_norm(tree):
    heads = [jnp.ravel(leaf)[0] for leaf in jax.tree.leaves(tree)]
    return jnp.sqrt(sum(h * h for h in heads))
