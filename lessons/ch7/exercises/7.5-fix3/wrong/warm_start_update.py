# expect: failed values "一共做了 31 次更新" not "循环体执行了"
# expect.en: "31 updates were applied in all" not "the loop body ran"
# 错误示范:循环本身正好 steps 次,可在循环前先“热身”更新了一次,一共多了一步。
# 消息只能说一共做了几次更新,不能说循环体多跑了一次。
def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    state = tx.init(theta)
    delta, state = tx.update(grad_fn(theta), state, theta)  # 热身一步
    theta = apply_updates(theta, delta)
    for _ in range(steps):
        delta, state = tx.update(grad_fn(theta), state, theta)
        theta = apply_updates(theta, delta)
    return theta, state
