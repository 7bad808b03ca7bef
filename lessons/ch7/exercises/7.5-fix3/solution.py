# 参考答案:状态在循环外初始化一次,每一步接住 update 返回的新状态。


def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    state = tx.init(theta)
    for _ in range(steps):
        delta, state = tx.update(grad_fn(theta), state, theta)
        theta = apply_updates(theta, delta)
    return theta, state
