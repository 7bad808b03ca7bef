# expect: failed values "步数是 1" not "被丢掉了"
# expect.en: "has step count 1" not "is dropped"
# 错误示范:只把 grad_fn 的调用挪了位置,tx.init 仍在循环里,每一步都从刚建好的状态开始。
def fit(theta, grad_fn, lr, steps):
    tx = adam(lr)
    for _ in range(steps):
        grads = grad_fn(theta)
        state = tx.init(theta)
        updates, state = tx.update(grads, state, theta)
        theta = apply_updates(theta, updates)
    return theta, state
