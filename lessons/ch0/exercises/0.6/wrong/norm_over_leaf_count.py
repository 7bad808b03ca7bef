# expect: failed norm "叶子个数" not "均方根"
# expect.en: "number of leaves" not "root mean square"
# 错误示范:把平方和按叶子个数平均了一下再开根。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda w, d: w - lr * (d + decay * w), params, grads)


def global_norm(tree):
    leaves = jax.tree.leaves(tree)
    return jnp.sqrt(sum(jnp.vdot(v, v) for v in leaves) / len(leaves))
