# 修复练习:训练几乎不收敛,状态里的步数始终是 1。
# 改到检查通过为止(Ctrl+T 看提示)。


def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    for _ in range(steps):
        state = tx.init(theta)
        delta, state = tx.update(grad_fn(theta), state, theta)
        theta = apply_updates(theta, delta)
    return theta, state
