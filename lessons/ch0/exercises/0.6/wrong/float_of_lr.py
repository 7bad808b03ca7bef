# expect: failed jit "lr、decay 和叶子都是追踪值" not "叶子要到运行时才有值"
# expect.en: "lr, decay and the leaves are all tracers" not "the leaves only have values"
# 错误示范:把学习率先用 float() 转成 Python 数。不加 jit 时没问题;jax.jit(sgd_with_decay) 里
# lr 是追踪值,float() 要具体的数。转换的是 lr 而不是叶子,消息要把 lr 和 decay 也算进去。
def sgd_with_decay(params, grads, lr, decay):
    rate = float(lr)
    return jax.tree.map(lambda p, g: p - rate * (g + decay * p), params, grads)


def global_norm(tree):
    squares = [jnp.vdot(part, part) for part in jax.tree.leaves(tree)]
    return jnp.sqrt(jnp.sum(jnp.stack(squares)))
