# expect: failed update "树的结构丢了"
# expect.en: "with them the tree structure"
# 错误示范:把参数和梯度都拍平成叶子,逐个更新,最后交回一个元组,原来的字典和列表都不见了。


def sgd_with_decay(params, grads, lr, decay):
    pairs = zip(jax.tree.leaves(params), jax.tree.leaves(grads))
    return tuple(p * (1 - lr * decay) - lr * g for p, g in pairs)


def global_norm(tree):
    squares = [jnp.vdot(a, a) for a in jax.tree.leaves(tree)]
    return jnp.sqrt(jnp.stack(squares).sum())
