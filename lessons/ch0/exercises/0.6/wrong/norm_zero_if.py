# expect: failed jit "由它们算出的值" not "decay 为 0"
# expect.en: "a value computed from them" not "with decay 0"
# 错误示范:global_norm 里用 Python 的 if 判断平方和是否为 0。jit 里它是追踪值,if 失败;
# 这个函数没有 lr 和 decay,提示只说叶子是追踪值,不谈 decay 的公式。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def global_norm(tree):
    total = sum(jnp.sum(leaf ** 2) for leaf in jax.tree.leaves(tree))
    if total == 0:
        return 0.0
    return jnp.sqrt(total)
