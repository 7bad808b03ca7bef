# expect: failed jit "Python 的 if" not "float()"
# expect.en: "Python's if" not "float()"
# 错误示范:decay 为 0 时想省掉衰减项,用 Python 的 if 判断 decay > 0。
# 在 jit 里 decay 是追踪值,if 判断不了;其实 decay 为 0 时同一个公式也不会改动参数。
def sgd_with_decay(params, grads, lr, decay):
    if decay > 0:
        return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def global_norm(tree):
    squares = [jnp.vdot(a, a) for a in jax.tree.leaves(tree)]
    return jnp.sqrt(jnp.sum(jnp.stack(squares)))
