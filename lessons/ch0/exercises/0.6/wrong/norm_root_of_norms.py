# expect: failed norm "已经开过一次根" not "L1 范数"
# expect.en: "already has a root" not "L1 norm"
# 错误示范:先求每个叶子的范数,加起来再开一次根,根开了两遍。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda w, d: w - lr * (d + decay * w), params, grads)


def global_norm(tree):
    each = [jnp.linalg.norm(v) for v in jax.tree.leaves(tree)]
    return jnp.sum(jnp.stack(each)) ** 0.5
